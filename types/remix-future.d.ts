// Single fetch is on (remix.config.js): loaders' return types are inferred without JSON serialization.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
