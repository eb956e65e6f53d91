// @ts-check
/**
 * A step of `npm run build`, after Vite's: writes build/client/sw.js, the service worker (ADR 036), as
 * app/service-worker.js after one line naming this build — `const BUILD = { assets }`: the browser
 * build's files, by their hashed names (which are the build's version).
 *
 * Why the list: the worker keeps this build's files and those a kept page names, and drops the rest;
 * a lazily loaded chunk no page names must survive too. Why in the file: a browser installs a new
 * worker when the file's bytes change, so a deploy that changes any file is a new worker on the next
 * visit, and a build that changes none keeps the visitor's caches as they are.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const assetsDir = path.join(root, "build/client/assets");
const source = path.join(root, "app/service-worker.js");
const target = path.join(root, "build/client/sw.js");

// The precompressed copies (.br, .gz) are how the server sends a file, not files of their own.
const assets = fs
  .readdirSync(assetsDir, { recursive: true, encoding: "utf8" })
  .filter((name) => !/\.(br|gz)$/.test(name) && fs.statSync(path.join(assetsDir, name)).isFile())
  .map((name) => name.split(path.sep).join("/"))
  .sort();

fs.writeFileSync(target, `const BUILD = ${JSON.stringify({ assets })};\n${fs.readFileSync(source, "utf8")}`);
console.log(`build-service-worker: ${path.relative(root, target)} names ${assets.length} files of this build`);
