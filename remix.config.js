/**
 * Remix's own settings, in the file the design card names (docs/decisions/029): the future flags, which
 * files under app/routes are not routes, and the server build's module format. Since the move to Vite
 * nothing reads this file by its name: vite.config.ts hands it to Remix's Vite plugin, and whatever
 * else needs one of these settings imports it from here, so they have one home.
 *
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
const remixConfig = {
  // Tests live beside their routes (`*.test.ts`); dotfiles are editors' and the OS's.
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Loaders' return types follow it too: types/remix-future.d.ts.
    v3_singleFetch: true,
  },
};

export default remixConfig;
