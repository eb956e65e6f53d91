// `npm start`: load .env if there is one, build once if there is no build yet, then run the server
// (its first process, server/entry.mjs, which forks the app in build/server/index.js).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

// The app's default mode (app/env.server.ts), set before the build is loaded by the processes the
// server forks: React picks its development or production build from NODE_ENV when it is first loaded,
// before any app code runs.
process.env.NODE_ENV ||= "production";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log("No build yet: running `npm run build` (once)…");
  execSync("npm run build", { stdio: "inherit" });
}

await import("../server/entry.mjs");
