import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "tailwindcss";
import { defineConfig, type Plugin, type Rollup } from "vite";
import remixConfig from "./remix.config.js";

/**
 * The server build's entry is server.ts, not Remix's bare server build (ADR 001, 029): the custom
 * server imports it (`virtual:remix/server-build`), so start-up, jobs, metrics and the app share one
 * bundle and one copy of every module. Remix's plugin sets the input itself, so this runs after it.
 */
const serverEntry: Plugin = {
  name: "classificados:server-entry",
  enforce: "post",
  config(config, { isSsrBuild }) {
    if (isSsrBuild && config.build?.rollupOptions) config.build.rollupOptions.input = path.resolve("server.ts");
  },
};

/**
 * The browser's chunks (ADR 029, amended for issue #35): what every page runs to hydrate — every module
 * the entry and root.tsx import statically, to the end — is two files, `framework` (React, React DOM,
 * Remix, the router: the same on every deploy until they are upgraded, so a phone keeps it cached) and
 * `shell` (the header, the footer and what they import). The list card and its heart with the small
 * helpers they import (price, dates, WhatsApp link, photo sizes…) are one file, `card`, on every browsing
 * page: Rollup's own rule made each helper a file of 0.1–0.4 KB, since other pages share some of them
 * (a page that uses one of them now loads the whole card, 3.5 KB). The ad model is a file of its own:
 * /sobre uses it without a card, and a manual chunk takes the modules it imports along. Everything else
 * is split by Rollup's rule, one chunk per set of routes that share a module, and whatever is imported
 * with `import()` stays a file of its own that no page names in its HTML. Rollup's
 * `experimentalMinChunkSize` (ADR 029's first choice) merged small chunks into larger ones loaded with
 * them when that ran no code early, which put side-effect-free modules — the photo viewer, the session
 * sync, the legal texts — into the files every page preloads (122 KB gzip on the home page against 102
 * KB without it).
 */
let startUpModules: Set<string> | undefined;
let cardModules: Set<string> | undefined;
/** What every page starts with: the browser's entry and the root route. */
const START_UP_ENTRIES = /\/app\/(root|entry\.client)\.tsx$/;
/** The ad model (with the slug and id helpers it imports): shared by the card and pages without cards, such as /sobre. */
const AD_MODEL = /\/app\/models\/ad\/ad\.ts$/;
const startUpChunks: Rollup.ManualChunksOption = (id, { getModuleIds, getModuleInfo }) => {
  if (!startUpModules) {
    startUpModules = new Set();
    const entries = [...getModuleIds()].filter((module) => START_UP_ENTRIES.test(module));
    const pending = entries.flatMap((module) => getModuleInfo(module)?.importedIds ?? []);
    for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
      if (startUpModules.has(module) || entries.includes(module)) continue;
      startUpModules.add(module);
      pending.push(...(getModuleInfo(module)?.importedIds ?? []));
    }
  }
  if (!cardModules) {
    cardModules = new Set();
    const pending = [...getModuleIds()].filter((module) => /\/app\/components\/ads\/(AdCard|FavouriteButton)\.tsx$/.test(module));
    for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
      if (cardModules.has(module) || startUpModules.has(module) || AD_MODEL.test(module)) continue;
      cardModules.add(module);
      pending.push(...(getModuleInfo(module)?.importedIds ?? []));
    }
  }
  // Vite's helpers for import() and for CommonJS (React's) go with the framework, wherever they are used.
  if (/vite\/preload-helper|commonjsHelpers/.test(id)) return "framework";
  if (startUpModules.has(id)) return /\/node_modules\/|^\0/.test(id) ? "framework" : "shell";
  // The entry and root.tsx themselves too: one file with the shell instead of three, 0.3 KB less gzip on every page.
  if (START_UP_ENTRIES.test(id)) return "shell";
  if (AD_MODEL.test(id)) return "ad";
  if (cardModules.has(id)) return "card";
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve("app") } },
  css: { postcss: { plugins: [tailwindcss()] } },
  build: {
    // Vite's manifests are kept in build/.vite (Remix deletes them otherwise): scripts/compile-hints.mjs reads the browser's.
    manifest: true,
    ...(isSsrBuild
      ? // The server runs on Node 20 (top-level await in server.ts).
        { target: "node20" }
      : {
          rollupOptions: { output: { manualChunks: startUpChunks } },
          // Terser, two passes, instead of Vite's esbuild minifier: 3–4 KB gzip less on every page (most of it
          // in the framework chunk), for a few seconds more of build (ADR 029, amended for issue #35).
          minify: "terser" as const,
          terserOptions: { compress: { passes: 2 } },
        }),
  },
  // public/ is served as it is by server.ts, not copied into the build.
  publicDir: false,
  plugins: [
    remix(remixConfig),
    serverEntry,
  ],
}));
