// @ts-check
/**
 * The last step of `npm run build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every
 * script, stylesheet and icon sprite of the browser build, at each format's highest level, so the
 * server sends them as they are (express-static-gzip in server.ts) instead of compressing the same
 * bytes again for every visitor.
 *
 * Why: on one cheap server, gzip on the fly cost ~11 ms of CPU per request for React DOM's chunk and
 * ~185 ms for the ad page's 35 scripts of the classic compiler (issue 20), work that competed with everything else the machine
 * did at that moment. Brotli at level 11 is too slow to run per request (0.4 s for that chunk) but
 * 13 % smaller than gzip, which a phone on 3G feels. Files under COMPRESS_FROM_BYTES are left alone,
 * as the compression middleware leaves them: the encoding's own bytes would outweigh the saving.
 * Running it twice changes nothing (a copy is rewritten only when its source is newer).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESS_FROM_BYTES = 1024;
const EXTENSIONS = new Set([".js", ".css", ".svg"]);
const buildDir = path.resolve(import.meta.dirname, "..", "build/client/assets");

const encoders = {
  ".br": (/** @type {Buffer} */ bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ".gz": (/** @type {Buffer} */ bytes) => zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

let written = 0;
for (const name of fs.readdirSync(buildDir, { recursive: true, encoding: "utf8" })) {
  if (!EXTENSIONS.has(path.extname(name))) continue;
  const file = path.join(buildDir, name);
  const source = fs.statSync(file);
  if (source.size < COMPRESS_FROM_BYTES) continue;
  let bytes = null;
  for (const [suffix, encode] of Object.entries(encoders)) {
    const copy = file + suffix;
    if (fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= source.mtimeMs) continue;
    bytes ??= fs.readFileSync(file);
    fs.writeFileSync(copy, encode(bytes));
    written += 1;
  }
}
console.log(`precompress-assets: ${written} compressed copies written in build/client/assets`);
