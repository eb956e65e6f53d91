/**
 * `npm run payments:confirm` finds the running server by DATA_DIR/server.json, not by its own PORT: a
 * server started with `PORT=… npm start` (or by systemd with its own environment) is reached from a
 * shell that only shares the data folder. With no server, the command says where it looked and fails.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { removeDataDir, startAppServer } from "../support/app-server";
import { freePort } from "../support/free-port";

type Run = { code: number | null; stdout: string; stderr: string };

/** `npx tsx scripts/payments-confirm.ts <id>` with exactly `env` (plus PATH and HOME): no PORT unless given. */
function confirm(paymentId: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/payments-confirm.ts", paymentId], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const SESSION_SECRET = "own-server-secret-own-server-secret-0123";

for (const workers of ["1", "2"]) {
  test(`payments:confirm reaches a server on its own port through DATA_DIR/server.json (WEB_CONCURRENCY=${workers})`, async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: workers });
    try {
      const port = Number(new URL(server.url).port);
      expect(port).not.toBe(3000);
      const file = path.join(server.dataDir, "server.json");
      // Written once every worker listens, which may be just after /healthz first answers.
      await expect.poll(() => fs.existsSync(file)).toBe(true);
      const written = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
      const pid = Number(fs.readFileSync(path.join(server.dataDir, "server.pid"), "utf8"));
      expect(written).toEqual({ pid, host: "127.0.0.1", port });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      // The same data folder, no PORT: the script would otherwise knock on 127.0.0.1:3000.
      const run = await confirm("987654", { DATA_DIR: server.dataDir, SESSION_SECRET });
      expect(run.stderr).toContain("Pagamento 987654 não encontrado");
      expect(run.stderr).not.toContain("Não foi possível falar com o servidor");
      expect(run.code).toBe(1);
      // It was this server that answered.
      await expect.poll(() => server.output()).toMatch(/POST \/api\/payments\/webhook 200 /);

      server.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(file)).toBe(false);
      expect(fs.existsSync(path.join(server.dataDir, "server.pid"))).toBe(false);
    } finally {
      await server.stop();
    }
  });
}

test("payments:confirm with no server running says where it looked and exits non-zero", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-confirm-"));
  try {
    // Left by a server that was killed: its pid is gone, so its address is not even tried.
    fs.writeFileSync(path.join(dataDir, "server.json"), JSON.stringify({ pid: 2147483646, host: "127.0.0.1", port: 9 }));
    const port = await freePort();
    const run = await confirm("12", { DATA_DIR: dataDir, PORT: String(port), SESSION_SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Não foi possível falar com o servidor: nenhum servidor respondeu em");
    expect(run.stderr).toContain(`http://127.0.0.1:${port}/api/payments/webhook (PORT=${port}): connect ECONNREFUSED`);
    expect(run.stderr).toContain(`Ele está rodando? Inicie-o com 'npm start' (com o mesmo DATA_DIR, ${dataDir})`);
    expect(run.stderr).not.toContain("127.0.0.1:9/");
    // A clear message, not a stack trace.
    expect(run.stderr).not.toMatch(/\n\s+at /);
  } finally {
    removeDataDir(dataDir);
  }
});
