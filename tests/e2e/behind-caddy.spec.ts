/**
 * The deploy recipe for real: the production build behind Caddy (Debian's package, installed by
 * scripts/ensure-test-tools.mjs) running deploy/Caddyfile itself, with TRUST_PROXY=true. Caddy's own
 * certificate authority stands in for Let's Encrypt (`local_certs`, the global form of `tls internal`,
 * with `skip_install_trust`), on free ports. Checked: the client's address and source port in the
 * access log (forwarded by Caddy), Secure cookies and HSTS; and that `caddy validate` accepts the file.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { accessLineFor, requestFrom } from "../support/access-log";
import { DEPLOYMENT_SETTINGS, startAppServer, type AppServer } from "../support/app-server";
import { freePort } from "../support/free-port";

const CADDYFILE = path.resolve("deploy/Caddyfile");
const run = promisify(execFile);

test("caddy validate accepts deploy/Caddyfile with DOMAIN set", async () => {
  const { stdout, stderr } = await run("caddy", ["validate", "--adapter", "caddyfile", "--config", CADDYFILE], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DOMAIN: "classificados.example.com.br", HOME: os.tmpdir() },
  });
  expect(`${stdout}${stderr}`).toContain("Valid configuration");
});

test.describe("behind Caddy", () => {
  let app: AppServer;
  let caddy: ChildProcess;
  let caddyHome: string;
  let site: string;

  test.beforeAll(async () => {
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    site = `https://localhost:${httpsPort}`;
    app = await startAppServer({ TRUST_PROXY: "true", APP_URL: site, ...DEPLOYMENT_SETTINGS });
    caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-caddy-"));
    // The recipe as shipped, imported whole; only the certificate's source and the ports differ.
    const config = path.join(caddyHome, "Caddyfile");
    fs.writeFileSync(
      config,
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\nimport ${CADDYFILE}\n`,
    );
    caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", config], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        DOMAIN: `localhost:${httpsPort}`,
        APP_PORT: new URL(app.url).port,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    caddy.stderr!.on("data", (chunk) => (log += chunk));
    await expect
      .poll(() => requestFrom(`${site}/healthz`).then((r) => r.status, () => 0), { message: `Caddy in front of the app:\n${log}`, timeout: 20_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    caddy?.kill("SIGTERM");
    await app?.stop();
    if (caddyHome) fs.rmSync(caddyHome, { recursive: true, force: true });
  });

  test("logs the client's address and source port, sets Secure cookies and HSTS", async () => {
    // A forged address and port: Caddy replaces both with what it saw.
    const response = await requestFrom(`${site}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.66", "X-Client-Port": "1" },
      body: JSON.stringify({ email: "admin@classificados.local", password: DEPLOYMENT_SETTINGS.ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const cookies = response.headers["set-cookie"] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    const { user } = JSON.parse(response.text) as { user: { id: number } };
    const line = await accessLineFor(app.dataDir, String(response.headers["x-request-id"]));
    expect(line).toMatchObject({ ip: "127.0.0.1", port: response.localPort, method: "POST", path: "/api/auth/login", status: 200, userId: user.id });
  });
});
