import { Transform } from "node:stream";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "./scripts-after-load";

const PRELOAD_LINK = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async=""/;

/**
 * Rewrites Remix's `<Scripts>` in the HTML stream so the browser holds them until the page has loaded
 * (scripts-after-load.ts, ADR 015): its module preload links get an unknown `rel`, its module script a
 * non-JavaScript `type`. Attributes only: the elements React hydrates stay where the server put them.
 *
 * The bytes are read as latin1, one character per byte, so the ASCII patterns are found and replaced
 * without decoding: a UTF-8 character split between two chunks passes through untouched. Everything
 * after the module script (the streamed loader data) passes through without being looked at.
 */
export function holdScriptsUntilLoad(): Transform {
  let unfinishedTag = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const text = unfinishedTag + chunk.toString("latin1");
      // A tag cut by the chunk's end waits for the next chunk, so a pattern is never split in two.
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen >= 0 && !text.includes(">", lastOpen) ? lastOpen : text.length;
      unfinishedTag = text.slice(cut);
      const ready = text.slice(0, cut);
      // The module script comes after every preload link: what follows it is left as it is.
      const moduleScript = MODULE_SCRIPT.exec(ready);
      const end = moduleScript ? moduleScript.index + moduleScript[0].length : ready.length;
      let out =
        ready.slice(0, end).replace(PRELOAD_LINK, `<link rel="${HELD_PRELOAD_REL}"`).replace(MODULE_SCRIPT, `$1 type="${HELD_MODULE_TYPE}"`) +
        ready.slice(end);
      if (moduleScript) {
        done = true;
        out += unfinishedTag;
        unfinishedTag = "";
      }
      callback(null, Buffer.from(out, "latin1"));
    },
    flush(callback) {
      callback(null, unfinishedTag ? Buffer.from(unfinishedTag, "latin1") : undefined);
    },
  });
}
