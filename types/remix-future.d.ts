// Single fetch is on (vite.config.ts): loaders' return types are inferred without JSON serialization.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
