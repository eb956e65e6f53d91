/**
 * Content before enhancement (ADR 015): on a slow phone connection the ~100 KB of JavaScript would share
 * the link with the page's first photos and push them back by seconds. The server sends Remix's
 * scripts held (scripts-after-load.server.ts renames their preload links and the module script's type,
 * so the browser ignores them) and this inline script, rendered just before them, releases them once
 * the page has loaded: its HTML, stylesheet and first photos. Every form and link works before that.
 *
 * Browser-safe: the names are shared by the server's rewrite and the browser's release.
 */

/** `rel` of a held `<link rel="modulepreload">`: an unknown relation, so nothing is fetched. */
export const HELD_PRELOAD_REL = "modulepreload-after-load";
/** `type` of the held Remix module script: not JavaScript, so it does not run. */
export const HELD_MODULE_TYPE = "module-after-load";
/** Scripts start at the latest this long after the document, should a photo never finish. */
const LATEST_START_MS = 5000;

/**
 * Releases the held scripts once the page has loaded and its first photo (the one fetched at high
 * priority, usually the largest paint) is decoded and painted, so the scripts do not compete with it
 * for a cheap phone's CPU either. The module script runs as a copy added and removed at once: it still
 * runs, and the document React hydrates keeps the exact shape the server sent.
 */
export const RELEASE_SCRIPTS_AFTER_LOAD = `(function(){
var started=false;
function start(){
if(started)return;started=true;
document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});
var held=document.querySelector('script[type="${HELD_MODULE_TYPE}"]');
if(!held)return;
var s=document.createElement("script");
s.type="module";s.nonce=held.nonce;s.text=held.text;
document.head.appendChild(s);s.remove();
}
function afterFirstPhoto(){
var photo=document.querySelector('img[fetchpriority="high"]');
var painted=function(){requestAnimationFrame(function(){setTimeout(start,0)})};
if(photo&&photo.decode)photo.decode().then(painted,painted);else painted();
}
if(document.readyState==="complete")afterFirstPhoto();else{addEventListener("load",afterFirstPhoto);setTimeout(start,${LATEST_START_MS})}
})();`;
