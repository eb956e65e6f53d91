// @ts-check
/**
 * The last step but one of `npm run build` (ADR 015, issue 20): puts V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of the browser's start-up modules — the
 * entry and what it imports: React, React DOM and Remix, which every page runs at once to hydrate.
 *
 * Without it V8 compiles a function when it is first called: React DOM's bundle is one large function,
 * compiled on the main thread when the modules are evaluated (40 ms of a 45 ms task on this machine,
 * 160 ms on Lighthouse's 4× slower phone). With it Chrome compiles the whole file on a background
 * thread while it downloads, and the evaluation takes 13 ms. Other browsers read a comment.
 *
 * Only the entry's modules: the routes' code is mostly what runs on a tap, and compiling it up front
 * would cost the phone time for nothing. Running it twice changes nothing.
 */
import fs from "node:fs";
import path from "node:path";

const HINT = "//# allFunctionsCalledOnLoad\n";
const buildDir = path.resolve(import.meta.dirname, "..", "build");
const clientDir = path.join(buildDir, "client");

/** Vite's manifest of the browser build (kept by `build.manifest` in vite.config.ts, moved here by Remix). */
/** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, ".vite/client-manifest.json"), "utf8"));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry && /\/entry\.client-[^/]+\.js$/.test(`/${chunk.file}`));
if (!entry) throw new Error("compile-hints: no entry.client in build/.vite/client-manifest.json (did the build run?)");

/** The entry and every module it imports statically, to the end. */
const startUp = new Set([entry.file]);
const pending = [...(entry.imports ?? [])];
for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
  const chunk = manifest[key];
  if (!chunk || startUp.has(chunk.file)) continue;
  startUp.add(chunk.file);
  pending.push(...(chunk.imports ?? []));
}

for (const name of startUp) {
  const file = path.join(clientDir, name);
  const source = fs.readFileSync(file, "utf8");
  if (!source.startsWith(HINT)) fs.writeFileSync(file, HINT + source);
}
