// Remix's Vite plugin resolves this virtual module to the app's server build; server.ts, the server
// build's entry (vite.config.ts), imports it.
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/node";
  const build: ServerBuild;
  export = build;
}
