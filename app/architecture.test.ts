/**
 * The direction of dependencies between app/ folders (README "Where things go"), checked on every
 * import so a shortcut fails the suite instead of slowly tangling the layers:
 *
 *   routes → web → models → services → lib        (db is used by models; env by anyone)
 *   components → lib, models' browser-safe modules (never *.server, not even beside them)
 *
 * Browser code never imports a `.server` module: Remix's Vite compiler (docs/decisions/029) refuses
 * the build (docs/decisions/018). Route modules (root.tsx included) import
 * them for their loaders and actions only; what only the server renders reaches components through
 * components/server-parts.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname);

/** Which top-level folders each folder may import from (besides itself, env.server and lib). */
const ALLOWED: Record<string, string[]> = {
  lib: [],
  services: [],
  db: ["models", "services"], // the schema takes the aggregates' enums; the seed stores demo pictures
  models: ["db", "services"],
  web: ["models", "services", "db"],
  components: ["models", "assets"],
  routes: ["web", "models", "services", "components", "db"],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers
    .map((spec) => (spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null))
    .filter((target): target is string => target !== null);
}

const folderOf = (file: string) => path.relative(APP, file).split(path.sep)[0]!;

const isServerModule = (target: string) => /\.server(\.tsx?)?$/.test(target);
const routeModules = [path.join(APP, "root.tsx"), ...sourceFiles(path.join(APP, "routes"))];

describe("dependencies between app/ folders point one way", () => {
  const violations: string[] = [];
  for (const file of sourceFiles(APP)) {
    const from = folderOf(file);
    const allowed = ALLOWED[from];
    if (!allowed) continue;
    for (const target of importsOf(file)) {
      const to = folderOf(target);
      if (to === from || to === "lib" || to.startsWith("env.server")) continue;
      if (!allowed.includes(to)) violations.push(`${path.relative(APP, file)} → ${path.relative(APP, target)}`);
    }
  }
  // Same-folder imports too: a component beside a .server module must not reach for it.
  for (const file of [...sourceFiles(path.join(APP, "components")), ...routeModules]) {
    if (isServerModule(file)) continue;
    for (const target of importsOf(file)) {
      if (!isServerModule(target)) continue;
      if (folderOf(file) === "components" || folderOf(target) === "lib") {
        violations.push(`${path.relative(APP, file)} → ${path.relative(APP, target)}`);
      }
    }
  }

  it("has no import against the direction", () => {
    expect(violations).toEqual([]);
  });

  it("keeps lib pure: no other folder of the app, no server-only module, no React", () => {
    const libFiles = sourceFiles(path.join(APP, "lib"));
    const lib = libFiles.flatMap((file) =>
      importsOf(file).filter((target) => folderOf(target) !== "lib").map((target) => `${path.relative(APP, file)} → ${path.relative(APP, target)}`),
    );
    expect(lib).toEqual([]);
    expect(libFiles.filter(isServerModule).map((file) => path.relative(APP, file))).toEqual([]);
    expect(libFiles.filter((file) => /from\s+"react"/.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(APP, file))).toEqual([]);
  });

  it("opens every write transaction through writeTransaction (BEGIN IMMEDIATE)", () => {
    // A deferred transaction that reads before it writes fails with SQLITE_BUSY_SNAPSHOT when another
    // worker commits in between (db/client.server.ts). The seed is the exception: the primary runs it on
    // its own connection before any worker starts.
    const exempt = ["client.server.ts", "seed.server.ts"].map((name) => path.join(APP, "db", name));
    const deferred = sourceFiles(APP).filter((file) => !exempt.includes(file) && /\bdb\.transaction\(/.test(fs.readFileSync(file, "utf8")));
    expect(deferred.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
