/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // The custom server (server.ts) is compiled together with the app into build/index.js,
  // so start-up work (env, migrations, seed) is TypeScript that imports app/ directly. See docs/decisions/001.
  server: "./server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
