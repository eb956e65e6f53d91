// The classic compiler replaces this virtual module with the app's server build (remix.config.js `server`).
declare module "@remix-run/dev/server-build" {
  import type { ServerBuild } from "@remix-run/node";
  const build: ServerBuild;
  export = build;
}
