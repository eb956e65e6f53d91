/**
 * The direction of dependencies between app/ folders (README "Where things go"), checked on every
 * import so a shortcut fails the suite instead of slowly tangling the layers:
 *
 *   routes → web → models → services → lib        (db is used by models; the env*.server modules by anyone)
 *   components → lib, models' browser-safe modules (never *.server, not even beside them)
 *
 * Browser code never imports a `.server` module: Remix's Vite compiler (docs/decisions/029) refuses
 * the build (docs/decisions/018). Route modules (root.tsx included) import
 * them for their loaders and actions only; what only the server renders reaches components through
 * components/server-parts.tsx.
 *
 * No import circle anywhere in app/ or server/, and the aggregates (app/models/<aggregate>/) import one
 * another only as docs/architecture.md's table "Between aggregates" says.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname);
const SERVER = path.resolve(APP, "..", "server");

/** Which top-level folders each folder may import from (besides itself, the env*.server modules and lib). */
const ALLOWED: Record<string, string[]> = {
  lib: [],
  services: [],
  db: ["models", "services"], // the schema takes the aggregates' enums; the seed stores demo pictures
  models: ["db", "services"],
  web: ["models", "services", "db"],
  components: ["models", "assets"],
  routes: ["web", "models", "services", "components", "db"],
};

function sourceFiles(dir: string, extensions = /\.(ts|tsx)$/): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, extensions);
    return extensions.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The app's modules a file imports, resolved to their files where they are source (else the bare path,
 * e.g. an asset). TypeScript's own scanner reads the specifiers, so an import written in a comment or a
 * string is not one; `import type`, `export … from` and `import()` are.
 */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
    .importedFiles.map(({ fileName: spec }) =>
      spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null,
    )
    .filter((target): target is string => target !== null)
    .map((target) => [target, target.replace(/\.js$/, ".ts"), ...[".ts", ".tsx", ".mjs", "/index.ts"].map((ext) => target + ext)].find(isFile) ?? target);
}

const isFile = (candidate: string) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;

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
      if (to === from || to === "lib" || /^env(-[a-z]+)?\.server\./.test(to)) continue;
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

  it("gives services their settings as values: no service reads the settings itself (ADR 007)", () => {
    // The env*.server modules are everyone's except the services': a service takes what it needs from
    // its caller (a factory's settings, a parameter), and the model or web module that makes it reads
    // getEnv — so a service is used and tested with any values, and one place says what each setting feeds.
    const readers = sourceFiles(path.join(APP, "services"), /\.(ts|tsx|mjs)$/).flatMap((file) => [
      ...importsOf(file)
        .filter((target) => /^env(-[a-z]+)?\.server\./.test(folderOf(target)))
        .map((target) => `${path.relative(APP, file)} → ${path.relative(APP, target)}`),
      ...(/\bgetEnv\s*\(/.test(fs.readFileSync(file, "utf8")) ? [`${path.relative(APP, file)} calls getEnv()`] : []),
    ]);
    expect(readers).toEqual([]);
  });

  it("opens every write transaction through writeTransaction (BEGIN IMMEDIATE)", () => {
    // A deferred transaction that reads before it writes fails with SQLITE_BUSY_SNAPSHOT when another
    // worker commits in between (db/client.server.ts). The seed is the exception: the primary runs it on
    // its own connection before any worker starts.
    const exempt = ["client.server.ts", "seed.server.ts"].map((name) => path.join(APP, "db", name));
    const deferred = sourceFiles(APP).filter((file) => !exempt.includes(file) && /\bdb\.transaction\(/.test(fs.readFileSync(file, "utf8")));
    expect(deferred.map((file) => path.relative(APP, file))).toEqual([]);
  });

  it("makes every 4xx answer in web/http.server.ts: routes and web say which, never build one", () => {
    // A literal 4xx status beside a response (`new Response(`, `Response.json(`, `data(`/`json(` with an
    // init or a bare status, a toast's init) is an answer made outside the one module: a route passes
    // the model's own status, or calls jsonError, notFoundPage, invalidForm… A model-style result
    // (`ok: false, status: 404`) is no answer.
    const answers = path.join(APP, "web", "http.server.ts");
    const speakers = [...sourceFiles(path.join(APP, "routes")), ...sourceFiles(path.join(APP, "web")), path.join(APP, "root.tsx"), path.join(APP, "entry.server.tsx")];
    const made = speakers
      .filter((file) => file !== answers)
      .flatMap((file) =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, at: `${path.relative(APP, file)}:${index + 1}` }))
          .filter(({ line }) => (/\bstatus:\s*4\d\d\b/.test(line) || /\b(?:data|json)\(.*,\s*4\d\d\s*\)/.test(line)) && !/\bok: false\b/.test(line) && !/\bstatus:\s*4\d\d\s*\|/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(made).toEqual([]);
  });
});

/**
 * Import circles in app/ and server/, as their modules' names (Tarjan's strongly connected
 * components). Type-only imports count: they are erased at run time, but a circle through a type hides
 * which module owns it as well as one through a value does (the transaction type was the last one).
 */
function importCircles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || edges.get(file)!.includes(file)) circles.push(component.map((member) => path.relative(path.dirname(APP), member)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

/** The two tables under docs/architecture.md's "Between aggregates": who may import whom, and the named exceptions. */
function aggregateDirections() {
  const doc = fs.readFileSync(path.resolve(APP, "..", "docs", "architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Between aggregates"));
  const rows = section
    .slice(0, section.indexOf("\n## ", 1) === -1 ? undefined : section.indexOf("\n## ", 1))
    .split("\n")
    .filter((line) => /^\|\s*`/.test(line))
    .map((line) => line.split("|").slice(1, 3).map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)) as [string[], string[]]);
  const mayImport = new Map<string, string[]>();
  const exceptions = new Set<string>();
  for (const [first, second] of rows) {
    if (first.length === 1 && !first[0]!.includes("/")) mayImport.set(first[0]!, second);
    else for (const module of first) for (const aggregate of second) exceptions.add(`${module} → ${aggregate}`);
  }
  return { mayImport, exceptions };
}

describe("no import circles, and aggregates import one way", () => {
  it("has no import circle in app/ or server/", () => {
    const files = [...sourceFiles(APP, /\.(ts|tsx|mjs)$/), ...sourceFiles(SERVER, /\.(ts|mjs)$/)];
    expect(importCircles(files)).toEqual([]);
  });

  const MODELS = path.join(APP, "models");
  const { mayImport, exceptions } = aggregateDirections();
  const aggregates = fs.readdirSync(MODELS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it("names every aggregate in docs/architecture.md's table", () => {
    expect(aggregates.filter((aggregate) => !mayImport.has(aggregate))).toEqual([]);
    expect([...mayImport.keys()].filter((aggregate) => !aggregates.includes(aggregate))).toEqual([]);
  });

  it("keeps the table a direction: no aggregate reaches itself through what it may import", () => {
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of mayImport.get(from) ?? []) if (!seen.has(next)) reaches(next, seen.add(next));
      return seen;
    };
    expect(aggregates.filter((aggregate) => reaches(aggregate).has(aggregate))).toEqual([]);
  });

  it("imports between aggregates only as the table allows, or as a named exception that is still used", () => {
    const against: string[] = [];
    const used = new Set<string>();
    for (const file of sourceFiles(MODELS)) {
      const [from] = path.relative(MODELS, file).split(path.sep);
      for (const target of importsOf(file)) {
        const [to, ...rest] = path.relative(MODELS, target).split(path.sep);
        if (to === ".." || !rest.length || to === from || mayImport.get(from!)?.includes(to!)) continue;
        const exception = `${path.relative(MODELS, file).split(path.sep).join("/")} → ${to}`;
        if (exceptions.has(exception)) used.add(exception);
        else against.push(`${path.relative(APP, file)} → ${path.relative(APP, target)}`);
      }
    }
    expect(against).toEqual([]);
    expect([...exceptions].filter((exception) => !used.has(exception))).toEqual([]);
  });
});
