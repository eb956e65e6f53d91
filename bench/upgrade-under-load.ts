/**
 * `npx tsx bench/upgrade-under-load.ts` — requests failed while an upgrade restarts the server behind
 * Caddy (issue 33, item 4; ADR 032). Run `npm run build` first; Caddy must be installed (`caddy`).
 *
 * Two release folders are made from this tree's build (copies, node_modules linked, release.json
 * naming HEAD~1 and HEAD) under a scratch RELEASE_ROOT, with a bare clone of this repository as the
 * script's source. The production server runs from `current`, behind Caddy running deploy/Caddyfile
 * as the e2e spec runs it (local certificates, free ports). UPGRADE_CLIENTS keep-alive clients ask for
 * pages and API lists through Caddy back to back; after UPGRADE_LEAD seconds scripts/release.sh
 * switches the release and restarts the server as systemd would (the restart command here sends
 * SIGTERM to the first process, waits for it to exit, and starts `current` again); the load goes on
 * UPGRADE_TAIL seconds after the script ends. Its backup step is skipped (RELEASE_BACKUP=true):
 * what is measured is the restart.
 *
 * Phases: the shipped Caddyfile, an upgrade then a rollback; then the same Caddyfile without its
 * lb_try_* lines (what ran before), an upgrade. Printed per phase: requests sent, answered 2xx, other
 * statuses, connection errors, the slowest answer, and the restart's length from the script's output.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/free-port";

const CLIENTS = Number(process.env.UPGRADE_CLIENTS ?? 8);
const LEAD = Number(process.env.UPGRADE_LEAD ?? 3);
const TAIL = Number(process.env.UPGRADE_TAIL ?? 3);
const PATHS = ["/", "/sobre", "/api/ads/public", "/categories", "/healthz"];
const root = path.resolve(import.meta.dirname, "..");

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-upgrade-"));
const releaseRoot = path.join(tmp, "root");
const dataDir = path.join(tmp, "data");
const state = path.join(tmp, "state");
for (const dir of [releaseRoot, dataDir, state, path.join(releaseRoot, "releases")]) fs.mkdirSync(dir, { recursive: true });

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const [older, newer] = [git("rev-parse", "HEAD~1"), git("rev-parse", "HEAD")];
execFileSync("git", ["clone", "--bare", "--quiet", root, path.join(tmp, "repo.git")]);

/** A release folder as release.sh leaves one, from this tree's build; the stamp names `commit`. */
function makeRelease(commit: string) {
  const dir = path.join(releaseRoot, "releases", commit);
  for (const name of ["app", "build", "deploy", "drizzle", "public", "scripts", "server", ".env.example", "package.json"]) {
    fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(path.join(dir, "build/release.json"), JSON.stringify({ commit, builtAt: new Date().toISOString() }));
}
makeRelease(older);
makeRelease(newer);
fs.symlinkSync(`releases/${older}`, path.join(releaseRoot, "current"));

const [appPort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
const site = `https://localhost:${httpsPort}`;
// The service's env file (systemd's EnvironmentFile): release.sh reads PORT from it, the restart loads it.
const envFile = path.join(tmp, "env");
fs.writeFileSync(
  envFile,
  [
    "NODE_ENV=production",
    `DATA_DIR=${dataDir}`,
    "HOST=127.0.0.1",
    `PORT=${appPort}`,
    `APP_URL=${site}`,
    "TRUST_PROXY=true",
    "SEED_DEMO=true",
    // An https APP_URL is a deployment: it refuses the demo's administrator password and PIX key.
    "ADMIN_PASSWORD=Upgrade-bench-admin-0123",
    "PIX_KEY=pix@example.com.br",
    "SESSION_SECRET=upgrade-bench-secret-upgrade-bench-0000",
    "",
  ].join("\n"),
);
// systemd's part: SIGTERM to the running server, wait for it to end, start `current` (its own group).
const restartScript = path.join(tmp, "restart.sh");
fs.writeFileSync(
  restartScript,
  `#!/usr/bin/env bash
set -eu
if [ -f "${state}/pid" ]; then
  pid=$(cat "${state}/pid")
  kill -TERM "$pid" 2> /dev/null || true
  while kill -0 "$pid" 2> /dev/null; do sleep 0.05; done
fi
cd "${releaseRoot}/current"
set -a; . "${envFile}"; set +a
setsid node server/entry.mjs >> "${state}/server.log" 2>&1 &
echo $! > "${state}/pid"
`,
);

const agent = new https.Agent({ keepAlive: true, maxSockets: CLIENTS, rejectUnauthorized: false });
const get = (url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = https.get(url, { agent }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });

async function waitFor(what: string, check: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check().catch(() => false))) {
    const log = fs.existsSync(path.join(state, "server.log")) ? fs.readFileSync(path.join(state, "server.log"), "utf8") : "";
    if (log.includes("Start-up stopped")) throw new Error(`the server did not start:\n${log.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s:\n${fs.readFileSync(path.join(state, "server.log"), "utf8").slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let caddy: ChildProcess | null = null;
function startCaddy(caddyfile: string) {
  const home = fs.mkdtempSync(path.join(tmp, "caddy-"));
  const config = path.join(home, "Caddyfile");
  fs.writeFileSync(config, `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\nimport ${caddyfile}\n`);
  caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", config], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, DOMAIN: `localhost:${httpsPort}`, APP_PORT: String(appPort) },
    stdio: "ignore",
  });
}
async function stopCaddy() {
  if (!caddy) return;
  const exited = new Promise((resolve) => caddy!.on("exit", resolve));
  caddy.kill("SIGTERM");
  await exited;
  caddy = null;
}

function runRelease(args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn("bash", [path.join(root, "scripts/release.sh"), ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOME: os.homedir(),
        RELEASE_ROOT: releaseRoot,
        RELEASE_REPO: path.join(tmp, "repo.git"),
        RELEASE_ENV_FILE: envFile,
        RELEASE_RESTART: `bash ${restartScript}`,
        RELEASE_BACKUP: "true",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`release.sh ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

/** Load through Caddy while `release.sh args` runs; what the clients saw. */
async function phase(name: string, args: string[]) {
  const statuses = new Map<number, number>();
  let sent = 0;
  let errors = 0;
  let slowest = 0;
  let sending = true;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = client; sending; i++) {
      sent++;
      const started = performance.now();
      try {
        const { status } = await get(`${site}${PATHS[i % PATHS.length]}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      } catch {
        errors++;
      }
      slowest = Math.max(slowest, performance.now() - started);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, LEAD * 1000));
  const output = await runRelease(args);
  await new Promise((resolve) => setTimeout(resolve, TAIL * 1000));
  sending = false;
  await Promise.all(clients);
  const ok = [...statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, n]) => sum + n, 0);
  const other = [...statuses].filter(([status]) => status < 200 || status >= 300).map(([status, n]) => `${n}×${status}`);
  const restart = /answers commit \S+ \((\d+) s after the restart began\)/.exec(output)?.[1];
  // The new first process's own start-up time (setup, migrations, workers listening), from its log line.
  const ready = [...fs.readFileSync(path.join(state, "server.log"), "utf8").matchAll(/ready in ([\d.]+)s/g)].at(-1)?.[1];
  console.log(
    `${name}: ${sent} requests, ${ok} answered 2xx, not 2xx: ${other.length ? other.join(", ") : "none"}, connection errors: ${errors}, ` +
      `slowest ${(slowest / 1000).toFixed(1)} s, restart to the new commit answering: ${restart ?? "?"} s (of which the new server's start-up: ${ready ?? "?"} s)`,
  );
}

const health = (commit: string) => () => get(`${site}/healthz`).then(({ status, body }) => status === 200 && (JSON.parse(body) as { commit: string }).commit === commit);

try {
  execFileSync("bash", [restartScript]);
  startCaddy(path.join(root, "deploy/Caddyfile"));
  // The first start seeds the demo data (drawing its photos): minutes on a busy machine.
  await waitFor("the first start behind Caddy", health(older), 300);
  console.log(`${CLIENTS} clients through Caddy (${PATHS.join(" ")}); release.sh ${LEAD} s into each phase, ${TAIL} s of load after it`);
  await phase("deploy/Caddyfile, upgrade HEAD~1 → HEAD", ["--yes", newer]);
  await phase("deploy/Caddyfile, rollback HEAD → HEAD~1", ["--rollback"]);

  await stopCaddy();
  const withoutRetry = path.join(tmp, "Caddyfile.without-retry");
  fs.writeFileSync(withoutRetry, fs.readFileSync(path.join(root, "deploy/Caddyfile"), "utf8").replace(/^\s*lb_try_(duration|interval) .*\n/gm, ""));
  startCaddy(withoutRetry);
  await waitFor("Caddy without retries", health(older), 30);
  await phase("without lb_try_*, upgrade HEAD~1 → HEAD", ["--yes", newer]);
} finally {
  agent.destroy();
  await stopCaddy();
  const pid = Number(fs.readFileSync(path.join(state, "pid"), "utf8"));
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
