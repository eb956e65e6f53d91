/**
 * Content before enhancement (ADR 015): on a slow phone connection the ~100 KB of JavaScript would share
 * the link with the page's first photos and push them back by seconds. The server sends Remix's
 * scripts held (`holdScriptsUntilLoad` renames their preload links and the module script's type, so the
 * browser ignores them) and an inline script, rendered just before them, releases them once the page
 * has loaded (`RELEASE_SCRIPTS_AFTER_LOAD`). Every form and link works before that.
 *
 * Server-only: hydration keeps the inline script the server sent, so its text is not in the page's
 * JavaScript (root.tsx renders it empty in the browser).
 */
import { Transform } from "node:stream";

/** `rel` of a held `<link rel="modulepreload">`: an unknown relation, so nothing is fetched. */
export const HELD_PRELOAD_REL = "modulepreload-after-load";
/** `type` of the held Remix module script: not JavaScript, so it does not run. */
export const HELD_MODULE_TYPE = "module-after-load";
/** Scripts start at the latest this long after the document, should a photo never finish. */
const LATEST_START_MS = 5000;

/** Where Remix's router keeps each history entry's scroll position (its <ScrollRestoration>'s key). */
const SCROLL_POSITIONS_KEY = "positions";

/**
 * Releases the held scripts once the page has loaded and its first photo (the one fetched at high
 * priority, usually the largest paint) is decoded and painted, so the scripts do not compete with it
 * for a cheap phone's CPU either. The module script runs as a copy added and removed at once: it still
 * runs, and the document React hydrates keeps the exact shape the server sent.
 *
 * The release is cut into small tasks: turning a link into a module preload starts its fetch there and
 * then, a few milliseconds of main thread each, and the twenty of the ad page in one task blocked a
 * 4×-slowed phone for 250–700 ms (issue 20). One link per task, then the module script, lets a tap or a
 * frame in between.
 *
 * Last, it registers the service worker (ADR 036): a returning visitor's pages from the phone, offline
 * too. After everything else, so its file and its first copies never compete with the page's own.
 *
 * It also does the job of Remix's <ScrollRestoration> script, which root.tsx renders only once hydrated:
 * back on an entry the router keyed, the position it saved is restored before the first paint; a new
 * entry gets its key just before the router starts. Remix's script did both at once while the page was
 * parsed, and a fresh visit, which has nothing to restore, paid for the session storage's first read
 * and a history write (synchronous calls to the browser process: 15–160 ms on this machine).
 * The new entry's key is written with the router's own index (`idx: 0`, what its browser history
 * writes on an entry that has none), so the router finds it and does not write the entry a second time.
 */
export const RELEASE_SCRIPTS_AFTER_LOAD = `(function(){
var key=history.state&&history.state.key;
if(key){try{var y=JSON.parse(sessionStorage.getItem("${SCROLL_POSITIONS_KEY}")||"{}")[key];if(typeof y==="number")scrollTo(0,y)}catch(e){}}
var started=false;
function later(f){setTimeout(f,0)}
function start(){
if(started)return;started=true;
document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){later(function(){l.rel="modulepreload"})});
later(function(){if(!key)history.replaceState({key:Math.random().toString(32).slice(2),idx:0},"")});
later(function(){
var held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');
if(!held)return;
var s=document.createElement("script");
s.type="module";s.nonce=held.nonce;s.text=held.text;
document.head.appendChild(s);s.remove();
});
later(function(){var sw=navigator.serviceWorker;if(sw)sw.register("/sw.js").catch(function(){})});
}
function afterFirstPhoto(){
var photo=document.querySelector('img[fetchpriority="high"]');
var painted=function(){requestAnimationFrame(function(){later(start)})};
if(photo&&photo.decode)photo.decode().then(painted,painted);else painted();
}
if(document.readyState==="complete")afterFirstPhoto();else{addEventListener("load",afterFirstPhoto);setTimeout(start,${LATEST_START_MS})}
})();`;

const PRELOAD_LINK = '<link rel="modulepreload"';
const MODULE_SCRIPT_TYPE = ' type="module" async=""';
const LT = 0x3c; // <
const GT = 0x3e; // >

/**
 * Rewrites Remix's `<Scripts>` in the HTML stream so the browser holds them until the page has loaded
 * (RELEASE_SCRIPTS_AFTER_LOAD above): its module preload links get an unknown `rel`, its module script
 * a non-JavaScript `type`. Attributes only: the elements React hydrates stay where the server put them.
 *
 * Bytes are searched as bytes, and only a piece holding a pattern is rewritten (read as latin1, one
 * character per byte, so a UTF-8 character split between two pieces passes through untouched). Once
 * the module script has passed, the rest (the streamed loader data) is not even looked at.
 *
 * It also hands the page on in one piece per pass of React's writer (issue #35, item 3). React writes
 * in 2 KB pieces and every string over ~680 characters — each list card's kept HTML — as a piece of
 * its own: a list page came out in ~57 pieces (/sobre in 12), and each went through this transform,
 * the web stream Remix wraps it in, `res.write` and a chunk of the HTTP body, which at 100 000 ads
 * cost the list pages more than their loaders. React ends every pass by calling its destination's
 * `flush()` (the convention of compression streams): the pieces of a pass are joined there, so the
 * shell and each streamed part still leave as soon as React has written them.
 */
export function holdScriptsUntilLoad(): Transform & { flush(): void } {
  let unfinishedTag: Buffer = Buffer.alloc(0);
  let done = false;
  let pass: Buffer[] = [];
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) {
        pass.push(chunk);
        return callback();
      }
      const bytes = unfinishedTag.length > 0 ? Buffer.concat([unfinishedTag, chunk]) : chunk;
      // A tag cut by the piece's end waits for the next piece, so a pattern is never split in two.
      const lastOpen = bytes.lastIndexOf(LT);
      const cut = lastOpen >= 0 && bytes.indexOf(GT, lastOpen) < 0 ? lastOpen : bytes.length;
      unfinishedTag = bytes.subarray(cut);
      const ready = bytes.subarray(0, cut);
      const moduleScript = ready.indexOf(MODULE_SCRIPT_TYPE);
      // The module script comes after every preload link: what follows it is left as it is, and so is
      // what comes before the first link (the whole page above Remix's scripts, not copied twice).
      const end = moduleScript < 0 ? ready.length : moduleScript + MODULE_SCRIPT_TYPE.length;
      const firstLink = ready.subarray(0, end).indexOf(PRELOAD_LINK);
      if (moduleScript < 0 && firstLink < 0) {
        pass.push(ready);
        return callback();
      }
      const start = firstLink >= 0 ? firstLink : moduleScript;
      const held = ready
        .subarray(start, end)
        .toString("latin1")
        .replaceAll(PRELOAD_LINK, `<link rel="${HELD_PRELOAD_REL}"`)
        .replace(MODULE_SCRIPT_TYPE, ` type="${HELD_MODULE_TYPE}"`);
      const out = [ready.subarray(0, start), Buffer.from(held, "latin1"), ready.subarray(end)];
      if (moduleScript >= 0) {
        done = true;
        out.push(unfinishedTag);
        unfinishedTag = Buffer.alloc(0);
      }
      pass.push(...out);
      callback();
    },
    flush(callback) {
      if (unfinishedTag.length > 0) pass.push(unfinishedTag);
      callback(null, takePass());
    },
  });
  /** The pieces written since the last pass, as one (undefined when none). */
  const takePass = () => {
    if (pass.length === 0) return undefined;
    const joined = pass.length === 1 ? pass[0]! : Buffer.concat(pass);
    pass = [];
    return joined;
  };
  return Object.assign(transform, {
    /** Called by React at the end of each pass (react-dom/server's flushBuffered). */
    flush() {
      const joined = takePass();
      if (joined) transform.push(joined);
    },
  });
}
