/**
 * The production server: one Node process serving the Remix app and its static assets, with the
 * operational basics around it (see docs/decisions/001-custom-server.md). Compiled with the app into
 * build/index.js by `remix build`; started by `npm start` (scripts/start.mjs).
 */
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import express from "express";
import { db, sqlite } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { seed } from "~/db/seed.server";
import { getEnv } from "~/env.server";
import { securityHeaders } from "~/lib/security-headers.server";

installGlobals({ nativeFetch: true });

const env = getEnv();
const startedAt = performance.now();

runMigrations(db);
await seed(db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, demo: env.SEED_DEMO });

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

// One line per request: method, path without the query string (it may carry tokens), status, time.
app.use((req, res, next) => {
  const start = performance.now();
  res.on("finish", () => {
    const ms = (performance.now() - start).toFixed(1);
    console.log(`${req.method} ${req.path} ${res.statusCode} ${ms}ms`);
  });
  next();
});

app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(
    securityHeaders({ nonce: res.locals.cspNonce, isHttps: env.isHttps, isDevelopment: env.NODE_ENV === "development" }),
  )) {
    res.setHeader(name, value);
  }
  next();
});

const maxBodyBytes = env.MAX_BODY_MB * 1024 * 1024;
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) {
    res.status(411).type("text/plain; charset=utf-8").send("Envie o cabeçalho Content-Length.");
    return;
  }
  if (Number(length ?? 0) > maxBodyBytes) {
    res.status(413).type("text/plain; charset=utf-8").send(`Envio grande demais: o limite é ${env.MAX_BODY_MB} MB.`);
    return;
  }
  next();
});

app.use(compression());

app.get("/healthz", (_req, res) => {
  try {
    sqlite.prepare("select 1").get();
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  } catch (error) {
    console.error("[healthz] database unreachable", error);
    res.status(503).json({ status: "error" });
  }
});

// Fingerprinted build assets never change; everything else in public/ may, so it is cached briefly.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (_req, res) => ({ cspNonce: String(res.locals.cspNonce) }),
  }),
);

const server = app.listen(env.PORT, env.HOST, () => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`Classificados Patos on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (ready in ${seconds}s)`);
  if (env.NODE_ENV === "development") broadcastDevReady(build);
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: closing`);
  server.close(() => {
    sqlite.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
