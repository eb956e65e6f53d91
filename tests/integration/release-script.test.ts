/**
 * scripts/release.sh on a temporary root (issue 33, item 4; ADR 032): releases come from a git
 * repository of small stand-in apps (a package.json whose build writes build/release.json, a server
 * answering /healthz with it), so the script's own steps run for real — `git archive`, `npm ci`,
 * `npm run build`, the link switched by rename, the restart, the health check, the switch back and the
 * rollback — without installing the real app four times. Only systemd is replaced: the restart
 * command stops the stand-in server and starts `current`'s, as systemd would; the backup command
 * writes a line.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../support/free-port";

const SCRIPT = path.resolve("scripts/release.sh");

const SERVER = `import fs from "node:fs";
import http from "node:http";
const { commit } = JSON.parse(fs.readFileSync("build/release.json", "utf8"));
if (fs.existsSync("broken")) {
  console.error("this release cannot start");
  process.exit(1);
}
http
  .createServer((_req, res) => res.setHeader("Content-Type", "application/json").end(JSON.stringify({ status: "ok", commit })))
  .listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Stops the running stand-in (waiting for its port to close) and starts the one `current` names, as `systemctl restart` does (PORT given, as the unit's env file would). */
const RESTART = `#!/usr/bin/env bash
set -eu
if [ -f "$STATE/server.pid" ]; then
  pid=$(cat "$STATE/server.pid")
  kill "$pid" 2> /dev/null || true
  while kill -0 "$pid" 2> /dev/null; do sleep 0.05; done
fi
cd "$RELEASE_ROOT/current"
nohup node server.mjs >> "$STATE/server.log" 2>&1 &
echo $! > "$STATE/server.pid"
`;

let tmp: string;
let root: string;
let repo: string;
let state: string;
let port: number;
const commits: Record<"a" | "b" | "broken" | "d", string> = { a: "", b: "", broken: "", d: "" };

function commitTree(files: Record<string, string | null>, message: string) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(repo, name);
    if (text === null) fs.rmSync(file);
    else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo, encoding: "utf8" }).trim();
  git("add", "-A");
  git("commit", "-q", "-m", message);
  return git("rev-parse", "HEAD");
}

type Run = { code: number; output: string };

function release(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      [SCRIPT, ...args],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: path.join(tmp, "home"),
          // As an operator's root shell may have it: the install must still include the build's tools.
          NODE_ENV: "production",
          NPM_CONFIG_UPDATE_NOTIFIER: "false",
          RELEASE_ROOT: root,
          RELEASE_REPO: repo,
          RELEASE_ENV_FILE: path.join(tmp, "env"),
          RELEASE_RESTART: `STATE=${state} PORT=${port} bash ${path.join(tmp, "restart.sh")}`,
          RELEASE_BACKUP: `echo taken >> ${path.join(state, "backups")}`,
          RELEASE_HEALTH_SECONDS: "10",
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const linkOf = (name: string) => path.basename(fs.readlinkSync(path.join(root, name)));
const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).json() as Promise<{ commit: string }>;
const backups = () => (fs.existsSync(path.join(state, "backups")) ? fs.readFileSync(path.join(state, "backups"), "utf8").trim().split("\n").length : 0);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-release-"));
  [root, repo, state] = ["root", "repo", "state"].map((name) => path.join(tmp, name)) as [string, string, string];
  for (const dir of [root, repo, state, path.join(tmp, "home")]) fs.mkdirSync(dir);
  port = await freePort();
  // The operator's env file, quoted as a shell would allow: the script reads PORT from it.
  fs.writeFileSync(path.join(tmp, "env"), `NODE_ENV=production\nPORT="${port}"\n`);
  fs.writeFileSync(path.join(tmp, "restart.sh"), RESTART);
  execFileSync("git", ["init", "-q", "-b", "main", repo]);
  const packageJson = { name: "stand-in", version: "1.0.0", private: true, scripts: { build: "node build.mjs" } };
  commits.a = commitTree(
    {
      "package.json": JSON.stringify(packageJson),
      "package-lock.json": JSON.stringify({ name: "stand-in", version: "1.0.0", lockfileVersion: 3, requires: true, packages: { "": { name: "stand-in", version: "1.0.0" } } }),
      // What scripts/release-stamp.mjs does for the real app: the commit from RELEASE_COMMIT.
      "build.mjs": `import fs from "node:fs";\nfs.mkdirSync("build");\nfs.writeFileSync("build/release.json", JSON.stringify({ commit: process.env.RELEASE_COMMIT }));\n`,
      "server.mjs": SERVER,
      "deploy/Caddyfile": "reverse_proxy 127.0.0.1:3000\n",
      ".env.example": "PORT=3000\n",
      "drizzle/0000_init.sql": "CREATE TABLE `ads` (`id` integer PRIMARY KEY);\n",
    },
    "a",
  );
  commits.b = commitTree({ "drizzle/0001_add_title.sql": "ALTER TABLE `ads` ADD `title` text;\n" }, "b: an additive migration");
  commits.broken = commitTree({ broken: "yes\n" }, "a release that cannot start");
  commits.d = commitTree(
    {
      broken: null,
      "deploy/Caddyfile": "reverse_proxy 127.0.0.1:3000 {\n\tlb_try_duration 30s\n}\n",
      "drizzle/0002_drop_title.sql": "-- breaks-rollback: ads.title is dropped; b still selects it\nALTER TABLE `ads` DROP COLUMN `title`;\n",
    },
    "d: the Caddyfile changes, and a migration that breaks the rollback",
  );
});

afterAll(() => {
  const pidFile = path.join(state, "server.pid");
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(Number(fs.readFileSync(pidFile, "utf8")), "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

it("builds beside, switches the link, switches back on a failed health check, and rolls back", { timeout: 180_000 }, async () => {
  // The first release: built and linked, nothing to restart yet (the operator installs the unit).
  const first = await release([commits.a]);
  expect(first, first.output).toMatchObject({ code: 0 });
  expect(first.output).toContain(`first release here: current → releases/${commits.a}`);
  expect(linkOf("current")).toBe(commits.a);
  execFileSync("bash", [path.join(tmp, "restart.sh")], { env: { ...process.env, STATE: state, PORT: String(port), RELEASE_ROOT: root } });
  await expect.poll(() => health().then((body) => body.commit, () => null), { timeout: 10_000 }).toBe(commits.a);

  // An upgrade: a backup, the migration named, the switch, the new commit answering.
  const upgrade = await release([commits.b]);
  expect(upgrade, upgrade.output).toMatchObject({ code: 0 });
  expect(upgrade.output).toContain("migrations the new release runs at start-up: 0001_add_title.sql");
  expect(upgrade.output).toContain(`upgraded to ${commits.b} (previous: ${commits.a}`);
  expect([linkOf("current"), linkOf("previous")]).toEqual([commits.b, commits.a]);
  expect((await health()).commit).toBe(commits.b);
  expect(backups()).toBe(1);
  // Built from the archive: a fresh tree, with what the build made and nothing of the running one.
  expect(fs.existsSync(path.join(root, "releases", commits.b, "build/release.json"))).toBe(true);

  // A release that does not start: switched back, the previous commit answering again, exit 1.
  const broken = await release([commits.broken], { RELEASE_HEALTH_SECONDS: "2" });
  expect(broken.code).toBe(1);
  expect(broken.output).toContain(`releases/${commits.broken} failed its health check`);
  expect(broken.output).toContain(`upgrade to ${commits.broken} failed; back on ${commits.b}`);
  expect([linkOf("current"), linkOf("previous")]).toEqual([commits.b, commits.a]);
  expect((await health()).commit).toBe(commits.b);

  // deploy/ changed: shown, and nothing switched until the operator says --yes.
  const changed = await release([commits.d]);
  expect(changed.code).toBe(3);
  expect(changed.output).toContain("+\tlb_try_duration 30s");
  expect(changed.output).toContain("then run again with --yes");
  expect(linkOf("current")).toBe(commits.b);
  const applied = await release(["--yes", "main"]);
  expect(applied, applied.output).toMatchObject({ code: 0 });
  expect(applied.output).toContain(`releases/${commits.d} is built already: reused`);
  expect(applied.output).toContain("0002_drop_title: ads.title is dropped; b still selects it");
  expect([linkOf("current"), linkOf("previous")]).toEqual([commits.d, commits.b]);
  expect((await health()).commit).toBe(commits.d);
  // Three folders kept: the oldest (a) is gone, the failed one stays for a look until it is the oldest.
  expect(fs.readdirSync(path.join(root, "releases")).sort()).toEqual([commits.b, commits.broken, commits.d].sort());

  // The rollback refuses past a migration that breaks it, unless told; then switches the link back.
  const refused = await release(["--rollback"]);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain("the previous release cannot run on this database");
  expect(linkOf("current")).toBe(commits.d);
  const rolledBack = await release(["--rollback", "--yes"]);
  expect(rolledBack, rolledBack.output).toMatchObject({ code: 0 });
  expect([linkOf("current"), linkOf("previous")]).toEqual([commits.b, commits.d]);
  expect((await health()).commit).toBe(commits.b);
  // One before each switch to a new release (b, the broken one, d); a rollback takes none.
  expect(backups()).toBe(3);
});
