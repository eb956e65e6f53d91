import { Transform } from "node:stream";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "./scripts-after-load";

const PRELOAD_LINK = '<link rel="modulepreload"';
const MODULE_SCRIPT_TYPE = ' type="module" async=""';
const LT = 0x3c; // <
const GT = 0x3e; // >

/**
 * Rewrites Remix's `<Scripts>` in the HTML stream so the browser holds them until the page has loaded
 * (scripts-after-load.ts, ADR 015): its module preload links get an unknown `rel`, its module script a
 * non-JavaScript `type`. Attributes only: the elements React hydrates stay where the server put them.
 *
 * Bytes are searched as bytes, and only a piece holding a pattern is rewritten (read as latin1, one
 * character per byte, so a UTF-8 character split between two pieces passes through untouched). Once
 * the module script has passed, the rest (the streamed loader data) is not even looked at.
 */
export function holdScriptsUntilLoad(): Transform {
  let unfinishedTag: Buffer = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const bytes = unfinishedTag.length > 0 ? Buffer.concat([unfinishedTag, chunk]) : chunk;
      // A tag cut by the piece's end waits for the next piece, so a pattern is never split in two.
      const lastOpen = bytes.lastIndexOf(LT);
      const cut = lastOpen >= 0 && bytes.indexOf(GT, lastOpen) < 0 ? lastOpen : bytes.length;
      unfinishedTag = bytes.subarray(cut);
      const ready = bytes.subarray(0, cut);
      const moduleScript = ready.indexOf(MODULE_SCRIPT_TYPE);
      if (moduleScript < 0 && ready.indexOf(PRELOAD_LINK) < 0) return callback(null, ready);
      // The module script comes after every preload link: what follows it is left as it is.
      const end = moduleScript < 0 ? ready.length : moduleScript + MODULE_SCRIPT_TYPE.length;
      const held = ready
        .subarray(0, end)
        .toString("latin1")
        .replaceAll(PRELOAD_LINK, `<link rel="${HELD_PRELOAD_REL}"`)
        .replace(MODULE_SCRIPT_TYPE, ` type="${HELD_MODULE_TYPE}"`);
      const out = [Buffer.from(held, "latin1"), ready.subarray(end)];
      if (moduleScript >= 0) {
        done = true;
        out.push(unfinishedTag);
        unfinishedTag = Buffer.alloc(0);
      }
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      callback(null, unfinishedTag.length > 0 ? unfinishedTag : undefined);
    },
  });
}
