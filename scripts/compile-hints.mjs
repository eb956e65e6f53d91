// @ts-check
/**
 * The last step of `npm run build` (ADR 015, issue 20): puts V8's explicit compile hint
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
const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");

// The server build names the browser's manifest of this build (public/build may hold older ones).
const manifestUrl = fs.readFileSync(path.join(root, "build/index.js"), "utf8").match(/\/build\/manifest-[A-Z0-9]+\.js/)?.[0];
if (!manifestUrl) throw new Error("compile-hints: no browser manifest named in build/index.js (did `remix build` run?)");
const manifestSource = fs.readFileSync(path.join(publicDir, manifestUrl), "utf8");
/** @type {{ entry: { module: string; imports?: string[] } }} */
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("=") + 1).replace(/;\s*$/, ""));

for (const url of [manifest.entry.module, ...(manifest.entry.imports ?? [])]) {
  const file = path.join(publicDir, url);
  const source = fs.readFileSync(file, "utf8");
  if (!source.startsWith(HINT)) fs.writeFileSync(file, HINT + source);
}
