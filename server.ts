/**
 * The production server: the Remix app and its static assets behind Express, with the operational
 * basics around it (see docs/decisions/001-custom-server.md). Compiled with the app into
 * build/index.js by `remix build`; started by `npm start` (scripts/start.mjs).
 *
 * The first process migrates and seeds, then serves alone (WEB_CONCURRENCY=1) or forks one web worker
 * per core with node:cluster (ADR 005): Node renders pages on one thread, so a second core doubles
 * the pages a small server can render. Workers share nothing in memory that must agree — sessions,
 * throttles and cache versions live in SQLite.
 */
import cluster from "node:cluster";
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
import { securityHeaders } from "~/web/security-headers.server";

installGlobals({ nativeFetch: true });

const env = getEnv();
const startedAt = performance.now();
const address = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
const elapsed = () => ((performance.now() - startedAt) / 1000).toFixed(1);

if (cluster.isPrimary) {
  runMigrations(db);
  await seed(db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, demo: env.SEED_DEMO });
  if (env.WEB_CONCURRENCY === 1) {
    serve(() => console.log(`Classificados Patos on ${address} (ready in ${elapsed()}s)`));
  } else {
    sqlite.close();
    superviseWorkers(env.WEB_CONCURRENCY);
  }
} else {
  serve();
}

/** The web app in this process: listens on PORT (shared by the workers through the primary). */
function serve(onListening?: () => void) {
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
      // clientIp: the socket's address, or X-Forwarded-For's when a proxy on loopback sent it ("trust proxy").
      getLoadContext: (req, res) => ({ cspNonce: String(res.locals.cspNonce), clientIp: req.ip }),
    }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    onListening?.();
    if (env.NODE_ENV === "development") broadcastDevReady(build);
  });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let shuttingDown = false;
  function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    if (cluster.isPrimary) console.log(`${signal} received: closing`);
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
}

/**
 * The primary with workers: forks them, replaces one that dies, and on SIGTERM/SIGINT asks each to
 * finish its requests and leaves when all have. A worker dying before any is listening (a bad port,
 * say) ends start-up instead of looping.
 */
function superviseWorkers(count: number) {
  let alive = 0;
  let listening = 0;
  let stopping = false;
  const fork = () => {
    alive++;
    cluster.fork();
  };
  cluster.on("listening", () => {
    listening++;
    if (listening === count) console.log(`Classificados Patos on ${address} (ready in ${elapsed()}s, ${count} workers)`);
  });
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    // A clean exit is a worker that was asked to stop (Ctrl+C reaches the workers first, too).
    if (stopping || (code === 0 && !signal)) {
      if (alive === 0) process.exit(0);
      return;
    }
    if (listening === 0) {
      console.error(`A web worker failed to start (exit ${signal ?? code}); stopping.`);
      process.exit(1);
    }
    console.error(`Web worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}
