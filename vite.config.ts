import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "tailwindcss";
import { defineConfig, type Plugin } from "vite";
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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve("app") } },
  css: { postcss: { plugins: [tailwindcss()] } },
  build: {
    // Vite's manifests are kept in build/.vite (Remix deletes them otherwise): scripts/compile-hints.mjs reads the browser's.
    manifest: true,
    ...(isSsrBuild
      ? // The server runs on Node 20 (top-level await in server.ts).
        { target: "node20" }
      : // The browser build: a module smaller than this shares a file with code loaded with it, instead
        // of being a request, a compile and a task of its own on the phone (ADR 029).
        { rollupOptions: { output: { experimentalMinChunkSize: 20_000 } } }),
  },
  // public/ is served as it is by server.ts, not copied into the build.
  publicDir: false,
  plugins: [
    remix(remixConfig),
    serverEntry,
  ],
}));
