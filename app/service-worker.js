/* global self, caches, fetch, URL, Request, Response, Headers, setTimeout, location, BUILD */
/**
 * The service worker: a returning visitor's pages from the phone itself, offline too (ADR 036).
 *
 * `npm run build` writes it to build/client/sw.js (scripts/build-service-worker.mjs) after a first line
 * `const BUILD = { assets }`: the build's hashed files, so a new deploy is a new worker. The
 * page registers it after load (RELEASE_SCRIPTS_AFTER_LOAD); with JavaScript off there is none.
 *
 * - `/assets/*` (scripts, styles, the icon sprite: hashed names that never change) come from the cache
 *   first. They are kept while this build or a kept page names them, and dropped with the last page that
 *   needs them, so a kept page from an old build still runs offline and a new page never gets an old file.
 * - Page navigations go to the network first. Only an answer the server marked (X-Offline-Copy: a page
 *   every visitor sees alike, rendered for nobody — app/web/offline-copies.server.ts) is kept, one copy
 *   per address. With no answer after NETWORK_TIMEOUT_MS, or none at all, the copy is shown, marked on
 *   the page with its time; with no copy, the offline page with the ads opened recently.
 * - The hard refresh (spec 01 §4) empties every cache the page can see, these too; its `_t`/`_nocache`
 *   are never part of a copy's address. A sign-out empties the kept pages.
 */

const PAGES = "pages";
const ASSETS = "assets";
const ROUTES = "routes";
const OFFLINE_COPY_HEADER = "X-Offline-Copy";
/** When a copy was kept (ISO), which /assets/ files it names, and its title: written with the copy. */
const KEPT_AT = "X-Kept-At";
const KEPT_ASSETS = "X-Kept-Assets";
const KEPT_TITLE = "X-Kept-Title";
/** A slow link's page is shown from the copy after this; the network's answer still replaces the copy. */
const NETWORK_TIMEOUT_MS = 2500;
/** Copies kept at most (~20–80 KB each); the oldest goes first. */
const MAX_PAGES = 40;
/** The hard refresh's parameters (spec 01 §4): the same address with or without them. */
const RELOAD_PARAMS = ["_t", "_nocache"];
/** Ads listed on the offline page. */
const RECENT_ADS = 10;
const SIGN_OUT_PATHS = new Set(["/logout", "/logout.data", "/api/auth/logout"]);
const AD_PAGE = /^\/anuncio\/[^/]+$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Pages are asked while the worker starts up, instead of after it (the answer is the same).
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
      await keepOpenPages();
      await sweep();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method === "POST" && SIGN_OUT_PATHS.has(url.pathname)) {
    // Nothing personal is ever kept, and the copies go anyway: the next person on this phone starts clean.
    event.waitUntil(caches.delete(PAGES).then(sweep));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(fromCacheFirst(request, event));
  else if (request.mode === "navigate") event.respondWith(page(event, url));
  else if (url.pathname.endsWith(".data")) event.respondWith(pageData(request, url));
  else if (url.pathname === "/__manifest") event.respondWith(routeManifest(request, url));
});

/**
 * An ad opened over a list (JavaScript's dialog: its data comes from /api, which is never kept) is kept
 * as its page, as if opened as one: asked at low priority, and kept only when the server marks it.
 * Asked by the worker, it is not a document opening, so it counts no view (routes/anuncio.$id.tsx).
 */
self.addEventListener("message", (event) => {
  const path = event.data?.keep;
  if (typeof path !== "string" || !AD_PAGE.test(path)) return;
  const url = new URL(path, location.origin);
  event.waitUntil(
    fetch(url, { credentials: "same-origin", priority: "low" })
      .then((response) => keepOrForget(copyKey(url), response))
      .then(() => keepFilesOf(copyKey(url)))
      .catch(() => {}),
  );
});

/**
 * Remix's route discovery (`/__manifest?p=…&version=…`): before a client-side navigation the router asks
 * which routes match the links of the page. Offline that question fails and the router shows an error,
 * so every answer of this build is merged into one (public: the app's routes, no data) and that is the
 * answer offline; a route never seen online gets Remix's own "reload the document" answer.
 */
async function routeManifest(request, url) {
  const key = `/__manifest?version=${url.searchParams.get("version")}`;
  const cache = await caches.open(ROUTES);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200) {
      const known = await cache.match(key).then((kept) => (kept ? kept.json() : {}), () => ({}));
      Object.assign(known, await response.clone().json());
      // One build's routes at a time: an older build's go with the first answer of a new one.
      for (const old of await cache.keys()) if (new URL(old.url).search !== new URL(key, location.origin).search) await cache.delete(old);
      await cache.put(key, Response.json(known));
    }
    return response;
  } catch {
    return (await cache.match(key)) ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
  }
}

/**
 * A hashed file: the cache, else the network, kept on the way. For a page's request the answer goes to
 * the page as it arrives and the copy is written beside it (`event`); the worker's own requests wait.
 */
async function fromCacheFirst(request, event) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const stored = cache.put(request, response.clone());
    if (event) event.waitUntil(stored);
    else await stored;
  }
  return response;
}

/** A copy's address: the page's, without the hard refresh's parameters. */
function copyKey(url) {
  const key = new URL(url);
  key.hash = "";
  for (const name of RELOAD_PARAMS) key.searchParams.delete(name);
  return key.href;
}

/** A navigation: the network first; after NETWORK_TIMEOUT_MS or on failure, the kept copy; else the offline page. */
async function page(event, url) {
  const key = copyKey(url);
  const network = Promise.resolve(event.preloadResponse).then((preloaded) => preloaded ?? fetch(event.request));
  // Registered first, so it clones the answer before the page reads it; the copy is renewed even when
  // the slow network lost the race.
  event.waitUntil(network.then((response) => keepOrForget(key, response.clone())).catch(() => {}));
  const copy = caches.open(PAGES).then((cache) => cache.match(key));
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS)).then(async () => {
    const kept = await copy;
    return kept ? shownAsCopy(kept) : network;
  });
  try {
    return await Promise.race([network, slow]);
  } catch {
    const kept = await copy;
    return kept ? shownAsCopy(kept) : offlinePage();
  }
}

/**
 * Single fetch's data for a client-side navigation: the network; offline, a redirect that reloads the
 * document at the same address, so the visitor gets the kept copy (marked as such) or the offline page.
 * Copies are kept as whole documents only: one per address, and each says it is a copy.
 */
async function pageData(request, url) {
  try {
    return await fetch(request);
  } catch {
    const target = new URL(url);
    target.pathname = target.pathname === "/_root.data" ? "/" : target.pathname.replace(/\.data$/, "");
    target.searchParams.delete("_routes");
    return singleFetchReload(target.pathname + target.search);
  }
}

/**
 * Remix's single-fetch redirect, as the server encodes it (turbo-stream, status 202), with `reload` set:
 * the router then loads `to` as a document instead of asking for its data.
 */
function singleFetchReload(to) {
  const body = `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":11},"redirect",${JSON.stringify(to)},"status",302,"revalidate",false,"reload",true,"replace",false]\n`;
  return new Response(body, { status: 202, headers: { "Content-Type": "text/x-script" } });
}

/** Keeps a marked answer as the copy of its address; a page that is gone takes its copy with it. */
async function keepOrForget(key, response) {
  const cache = await caches.open(PAGES);
  if (response.status === 404 || response.status === 410) {
    if (await cache.delete(key)) await sweep();
    return;
  }
  if (!response.headers.has(OFFLINE_COPY_HEADER)) return;
  const html = await response.text();
  const headers = new Headers(response.headers);
  // The body is kept decoded.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set(KEPT_AT, new Date().toISOString());
  headers.set(KEPT_ASSETS, [...new Set(html.match(/\/assets\/[^"'\s)#?]+/g) ?? [])].join(" "));
  headers.set(KEPT_TITLE, encodeURIComponent(titleOf(html)));
  await cache.put(key, new Response(html, { status: response.status, statusText: response.statusText, headers }));
  await sweep();
}

/**
 * The page(s) open when this worker took over were loaded before it: keep them now. Their files are in
 * the browser's HTTP cache (a year, immutable), so they cost no network; `force-cache` reuses a document
 * the HTTP cache holds (an ad page is not held: it is asked again, once).
 */
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window" });
  for (const client of windows) {
    try {
      const response = await fetch(client.url, { cache: "force-cache", credentials: "same-origin" });
      if (!response.headers.has(OFFLINE_COPY_HEADER)) continue;
      const key = copyKey(new URL(client.url));
      await keepOrForget(key, response);
      await keepFilesOf(key);
    } catch {
      // Offline or gone: the next visit keeps it.
    }
  }
}

/**
 * The files a copy names that the worker lacks (scripts, styles, the sprite), so it runs offline as it
 * did online; for a page the worker did not see load (most are HTTP-cache hits: a year, immutable).
 */
async function keepFilesOf(key) {
  const kept = await caches.open(PAGES).then((cache) => cache.match(key));
  const assets = await caches.open(ASSETS);
  for (const asset of kept?.headers.get(KEPT_ASSETS)?.split(" ").filter(Boolean) ?? []) {
    if (!(await assets.match(asset))) await fromCacheFirst(new Request(asset));
  }
}

/** The kept copies, newest first: [request, response]. */
async function keptCopies() {
  const cache = await caches.open(PAGES);
  const copies = await Promise.all((await cache.keys()).map(async (request) => [request, await cache.match(request)]));
  return copies.filter(([, response]) => response).sort(([, a], [, b]) => (b.headers.get(KEPT_AT) ?? "").localeCompare(a.headers.get(KEPT_AT) ?? ""));
}

/**
 * Drops the copies past MAX_PAGES (the oldest), then every file neither this build nor a kept copy
 * names: an old build's files go with the last page that needs them.
 */
async function sweep() {
  // The files are listed before the copies are read: a copy is always stored before the files it names
  // (keepOrForget, then keepFilesOf), so a file seen here has its copy seen below, even when another
  // keep runs beside this sweep.
  const assets = await caches.open(ASSETS);
  const files = await assets.keys();
  const pages = await caches.open(PAGES);
  const copies = await keptCopies();
  for (const [request] of copies.slice(MAX_PAGES)) await pages.delete(request);
  const needed = new Set(BUILD.assets.map((name) => `/assets/${name}`));
  for (const [, response] of copies.slice(0, MAX_PAGES)) {
    for (const asset of response.headers.get(KEPT_ASSETS)?.split(" ") ?? []) needed.add(asset);
  }
  for (const request of files) {
    if (!needed.has(new URL(request.url).pathname)) await assets.delete(request);
  }
}

const keptAtFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

/**
 * The copy, marked on the page: the sentence goes in an attribute of <body> that the stylesheet shows
 * above the page (tailwind.css, `[data-offline-copy]`). An attribute, not an element: React hydrates
 * the document, and an element it did not render would make it throw the page away and draw it again.
 */
async function shownAsCopy(kept) {
  const keptAt = new Date(kept.headers.get(KEPT_AT) ?? Date.now());
  const notice = `Você está vendo uma cópia salva — sem conexão (salva em ${keptAtFormat.format(keptAt)})`;
  const html = (await kept.text()).replace("<body", `<body data-offline-copy="${notice}"`);
  return new Response(html, { status: kept.status, headers: kept.headers });
}

/** The text of a page's <title>, its entities read and the site's name left out. */
function titleOf(html) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const entities = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
  return title.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => entities[entity]).replace(/ \| Classificados Patos$/, "");
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** "Sem conexão", with the ads opened recently that are kept here (each opens offline). */
async function offlinePage() {
  const ads = (await keptCopies())
    .filter(([request]) => AD_PAGE.test(new URL(request.url).pathname))
    .slice(0, RECENT_ADS)
    .map(([request, response]) => {
      const title = decodeURIComponent(response.headers.get(KEPT_TITLE) ?? "") || "Anúncio";
      return `<li><a href="${escapeHtml(new URL(request.url).pathname)}">${escapeHtml(title)}</a></li>`;
    });
  const recent = ads.length
    ? `<h2>Anúncios que você abriu</h2><ul>${ads.join("")}</ul>`
    : "<p>Os anúncios que você abrir ficam guardados aqui para ver sem internet.</p>";
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#1d4ed8"><title>Sem conexão | Classificados Patos</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem 1rem;color:#0f172a;background:#f8fafc;max-width:40rem;margin-inline:auto}h1{font-size:1.5rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin-top:1.5rem}ul{padding:0;list-style:none}li a{display:block;padding:.75rem 1rem;margin:.5rem 0;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;color:#1e40af;text-decoration:none}a{color:#1e40af}</style></head>
<body><h1>Sem conexão</h1><p>Não foi possível carregar esta página: verifique sua internet e <a href="">tente novamente</a>.</p>${recent}<p><a href="/">Voltar ao início</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
