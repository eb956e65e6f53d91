/**
 * The web app: the Remix app and its static assets behind Express, with the operational basics around
 * it (see docs/decisions/001-custom-server.md). Compiled with the app into build/server/index.js by
 * `npm run build` (the server build's entry, vite.config.ts, ADR 029), which the first process
 * (server/entry.mjs, started by `npm start`) forks for every process that needs the app (ADR 005):
 *   - a web worker (node:cluster): serves the site on PORT, shared through the first process;
 *   - `setup` (forked first, alone): migrations, the seed and the search index, then exits, so no
 *     worker ever serves an unmigrated database;
 *   - a job child (SERVER_JOB set): one job of server/jobs.ts (backups, the daily job, the
 *     reconciliation…), then exits.
 * Workers share nothing in memory that must agree — sessions, throttles and cache versions live in
 * SQLite.
 *
 * Before Remix, every request passes the guards of ADR 008, in this order: a request id, a log line
 * and an access-log line (Marco Civil art. 15, ADR 022), security headers, the method allow-list (405), the site's origin (400 for a bad Host) and the
 * cross-site write check (403), the body cap by path (413). Anything that escapes ends in one error
 * handler that logs it with the request id and answers a plain pt-BR 500. Then a list page asked
 * without a cookie may be answered as kept (ADR 027); the rest goes to Remix through
 * server/remix-bridge.ts.
 */
import cluster from "node:cluster";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { createRequestHandler, installGlobals } from "@remix-run/node";
import * as build from "virtual:remix/server-build";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type Response as ExpressResponse } from "express";
import { sqlite } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { openAccessLog } from "~/services/access-log-store.server";
import { accessLogEntry, CLIENT_PORT_HEADER, clientPortOf, logAnswer, trackRequestUser } from "~/web/access-log-entry.server";
import { bodyLimitFor } from "~/web/body-limits.server";
import { anonymousPageKey, anonymousPageState, keepPage, keptPage } from "~/web/anonymous-pages.server";
import { mayKeepOffline, OFFLINE_COPY_HEADER } from "~/web/offline-copies.server";
import { CARDS_IN_HTML } from "~/web/page-cards.server";
import { securityHeaders } from "~/web/security-headers.server";
import { carriesSessionCookie } from "~/web/session-cookie.server";
import { ALLOW_HEADER, isAllowedMethod, isSafeMethod, MESSAGES, requestSource, siteOriginOf } from "~/web/server-guards.server";
import { observeRequest } from "~/services/metrics-registry.server";
import { metricsAccess, METRICS_MESSAGES, routeLabeler } from "~/web/metrics-access.server";
import { runJob, runSetup } from "./server/jobs";
import { readRelease } from "./server/release.mjs";
import { answerClusterMetrics, metricsContentType, scrapeMetrics } from "./server/worker-metrics";
import { answer, answerTooLarge, locals, logRequestError, remixRequest, sendPage, sendRemixResponse } from "./server/remix-bridge";

installGlobals({ nativeFetch: true });

// getEnv() also sets process.env.NODE_ENV from the parsed settings ("production" unless told
// otherwise), before express() below reads it: Express in its default development mode would answer
// errors with stack traces.
const env = getEnv();

if (cluster.isWorker) {
  answerClusterMetrics(env);
  serve();
} else if (!process.send) {
  // Run by hand: without the first process there is no one to take the settings, fork workers or run jobs.
  console.error("build/server/index.js is what the server's first process runs: start the server with `npm start` (or `node server/entry.mjs`).");
  process.exit(1);
} else {
  // A child of the first process: its one task, then out (its modules go with it).
  if (env.SERVER_JOB === undefined) await runSetup(env);
  else await runJob(env, env.SERVER_JOB);
  sqlite.close();
  process.exit(0);
}

/** Request headers a proxy adds; without TRUST_PROXY anyone can send them, so they are dropped. */
const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", CLIENT_PORT_HEADER];


/** The web app in this web worker: listens on PORT (shared by the workers through the first process). */
function serve() {
  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY=true: the one proxy in front (the nearest hop, wherever it runs) is believed about the
  // client's address, protocol and host — its X-Forwarded-For entry, not the ones the client wrote.
  // Off, req.ip is the socket's address and X-Forwarded-* are dropped below.
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  // Off only in the bench, to measure what it costs (production warns).
  const accessLog = env.ACCESS_LOG ? openAccessLog(env.DATA_DIR) : null;

  // A request id for every request, in the log line, the X-Request-Id header and any error logged for
  // it. One line per request: method, path without the query string (it may carry tokens), status,
  // time, id. Any 5xx whose cause nobody logged says so, so no 500 goes by silently. And the access
  // log's line, with the client's address and port (TRUST_PROXY: as our proxy forwards them) and user.
  // The same moment feeds the request metrics (ADR 023), labelled by route pattern, never by raw path.
  const remixRouteOf = routeLabeler(build.routes);
  app.use((req, res, next) => {
    const start = performance.now();
    const requestId = randomUUID();
    locals(res).requestId = requestId;
    locals(res).user = { userId: null };
    res.setHeader("X-Request-Id", requestId);
    // Read now: the guard below drops the forwarded headers a client sent without TRUST_PROXY.
    const port = clientPortOf({ trustProxy: env.TRUST_PROXY, socketPort: req.socket.remotePort, forwardedPort: req.get(CLIENT_PORT_HEADER) });
    if (accessLog) {
      logAnswer(res, () =>
        accessLog.write(
          accessLogEntry({
            time: new Date(),
            ip: req.ip ?? req.socket.remoteAddress,
            port,
            method: req.method,
            target: req.originalUrl,
            status: res.statusCode,
            userId: locals(res).user.userId,
            userAgent: req.get("user-agent"),
            requestId,
          }),
        ),
      );
    }
    res.on("close", () => {
      const elapsedMs = performance.now() - start;
      observeRequest({ route: locals(res).route ?? remixRouteOf(req.path), method: req.method, status: res.statusCode, seconds: elapsedMs / 1000 });
      const ms = elapsedMs.toFixed(1);
      const cut = res.writableFinished ? "" : " (connection closed before the answer ended)";
      console.log(`${req.method} ${req.path} ${res.statusCode} ${ms}ms ${requestId}${cut}`);
      if (res.statusCode >= 500 && !locals(res).errorLogged) {
        console.error(`[error] ${requestId} ${req.method} ${req.path} answered ${res.statusCode}; no error was reported for it`);
      }
    });
    next();
  });

  app.use((req, res, next) => {
    locals(res).cspNonce = randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(
      securityHeaders({
        nonce: locals(res).cspNonce,
        isHttps: env.isHttps,
        isDevelopment: env.NODE_ENV === "development",
        signedIn: carriesSessionCookie(req.headers.cookie),
      }),
    )) {
      res.setHeader(name, value);
    }
    next();
  });

  app.use((req, res, next) => {
    if (isAllowedMethod(req.method)) return next();
    res.set("Allow", ALLOW_HEADER);
    answer(req, res, 405, MESSAGES.methodNotAllowed);
  });

  // The site's origin (APP_URL, or the Host — the forwarded one only with TRUST_PROXY), and the
  // cross-site check against it: once here for every route, before Remix's own check (which would
  // answer a 500) and before any body is read.
  app.use((req, res, next) => {
    if (!env.TRUST_PROXY) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const origin = siteOriginOf({
      appUrl: env.APP_URL,
      trustProxy: env.TRUST_PROXY,
      protocol: req.protocol,
      host: req.headers.host,
      forwardedHost: req.get("x-forwarded-host"),
    });
    if (!origin) return answer(req, res, 400, MESSAGES.badHost);
    // Only origin-form targets ("/path?query"); "http://other/x" or "*" would not be ours to answer.
    if (!req.originalUrl.startsWith("/")) return answer(req, res, 400, MESSAGES.badRequest);
    locals(res).origin = origin;
    const source = requestSource({ origin: req.headers.origin, referer: req.headers.referer }, [origin]);
    if (!isSafeMethod(req.method) && source === "cross") return answer(req, res, 403, MESSAGES.crossSite);
    next();
  });

  // Body caps by path and type (app/web/body-limits.server.ts): a declared length over the cap is
  // refused before reading; a chunked body is counted as it streams into Remix (remixBody below).
  app.use((req, res, next) => {
    const limit = bodyLimitFor({ method: req.method, pathname: req.path, contentType: req.headers["content-type"] }, env.MAX_BODY_MB);
    locals(res).bodyLimit = limit;
    if (Number(req.headers["content-length"] ?? 0) > limit.bytes) return answerTooLarge(req, res, limit);
    next();
  });

  app.use(compression());

  // The running commit (build/release.json, ADR 032): scripts/release.sh waits for the new one.
  const release = readRelease("build");
  app.get("/healthz", (_req, res) => {
    locals(res).route = "/healthz";
    try {
      sqlite.prepare("select 1").get();
      res.set("Cache-Control", "no-store").json({ status: "ok", commit: release.commit });
    } catch (error) {
      console.error("[healthz] database unreachable", error);
      res.status(503).json({ status: "error" });
    }
  });

  // The operator's metrics (ADR 023): the token, or without one this machine only; never cached.
  app.get("/metrics", async (req, res, next) => {
    locals(res).route = "/metrics";
    const access = metricsAccess({ token: env.METRICS_TOKEN, authorization: req.headers.authorization, clientIp: req.ip, peerIp: req.socket.remoteAddress });
    if (access === 401) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      return answer(req, res, 401, METRICS_MESSAGES.unauthorized);
    }
    if (access === 403) return answer(req, res, 403, METRICS_MESSAGES.forbidden);
    try {
      const text = await scrapeMetrics();
      res.set("Cache-Control", "no-store").type(metricsContentType).send(text);
    } catch (error) {
      next(error);
    }
  });

  // Fingerprinted build assets (build/client/assets) never change; public/ may, so it is cached briefly.
  // setHeaders runs only when a file is served: those requests count under one "static" label.
  // The build's scripts and styles are sent as `npm run build` compressed them (Brotli, else gzip:
  // scripts/precompress-assets.mjs), so the compression middleware above has nothing left to do there.
  // (serve-static types the response as Node's; it is Express's own.)
  const countAsStatic = (res: ServerResponse) => void (locals(res as ExpressResponse).route = "static");
  app.use(
    "/assets",
    expressStaticGzip("build/client/assets", {
      enableBrotli: true,
      orderPreference: ["br"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", setHeaders: countAsStatic },
    }),
  );
  // The service worker (ADR 036), written by the build with its file list: never kept by the HTTP cache,
  // so a new deploy's worker is seen on the next visit (browsers also check it at least daily).
  app.get("/sw.js", (_req, res, next) => {
    countAsStatic(res);
    res.sendFile(path.resolve("build/client/sw.js"), { cacheControl: false, headers: { "Cache-Control": "no-cache" } }, (error) => {
      if (error) next(error);
    });
  });
  // public/ holds a few named files (the icons, the manifest). Only an address whose last segment has a
  // dot may be one: a page's address never does, and looking each page up in public/ cost every page a
  // file-system call, and `/` two and a refused redirect (issue #35, item 3).
  const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false, setHeaders: countAsStatic });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));

  const handleRemixRequest = createRequestHandler(build, build.mode);
  app.all("*", async (req, res, next) => {
    // A list page for a visitor without a cookie may be served as kept (ADR 027).
    const pageKey = anonymousPageKey({ method: req.method, path: req.path, url: req.originalUrl, origin: locals(res).origin, headers: req.headers });
    const pageState = pageKey ? anonymousPageState() : "";
    const kept = pageKey ? keptPage(pageKey, pageState, locals(res).cspNonce) : null;
    // Which answers the visitor's service worker may keep (ADR 036): the same rule as the kept pages'.
    const markOfflineCopy = (answer: { status: number; headers: [string, string][]; identified: boolean }) => {
      if (mayKeepOffline({ method: req.method, path: req.path, headers: req.headers }, answer)) res.setHeader(OFFLINE_COPY_HEADER, "1");
    };
    if (kept) {
      markOfflineCopy({ ...kept, identified: false });
      return sendPage(res, kept);
    }
    try {
      const controller = new AbortController();
      // The client left before the answer was complete: loaders and actions see an aborted signal.
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = remixRequest(req, res, controller);
      // The session lookup inside notes the signed-in user for the access log (web/access-log-entry.server.ts).
      const response = await trackRequestUser(locals(res).user, () => handleRemixRequest(request, {
        cspNonce: locals(res).cspNonce,
        // The socket's address, or with TRUST_PROXY the one our proxy put in X-Forwarded-For (req.ip).
        clientIp: req.ip ?? req.socket.remoteAddress,
        requestId: locals(res).requestId,
        // entry.server.tsx reports errors here, so they are logged with this request's id.
        logError: (error: unknown) => logRequestError(req, res, error),
        // A document's list cards travel in its HTML only; a data request's (`.data`) as data (web/page-cards.server.ts).
        [CARDS_IN_HTML]: req.path.endsWith(".data") ? undefined : new Map(),
      }));
      if (res.headersSent) {
        // A 413 went out while the body was streaming in; Remix's answer to the broken body is moot.
        await response.body?.cancel();
        return;
      }
      if (response.status === 500 && response.headers.get("Content-Type") === "text/plain") {
        // Remix's last resort when a resource route (an /api endpoint, an image) throws: an English
        // "Unexpected Server Error". The cause is logged already (entry.server handleError); the
        // client gets the same answer as any other failure.
        await response.body?.cancel();
        answer(req, res, 500, MESSAGES.internal);
        return;
      }
      if (pageKey) {
        const page = { status: response.status, headers: [...response.headers.entries()], html: await response.text() };
        const identified = locals(res).user.userId !== null;
        keepPage(pageKey, pageState, { ...page, nonce: locals(res).cspNonce, identified });
        markOfflineCopy({ ...page, identified });
        return sendPage(res, page);
      }
      // The loaders have run (the user lookup with them): only the body may still be streaming.
      markOfflineCopy({ status: response.status, headers: [...response.headers.entries()], identified: locals(res).user.userId !== null });
      await sendRemixResponse(req, res, response);
    } catch (error) {
      if (locals(res).bodyTooLarge) return;
      next(error);
    }
  });

  // The last stop for anything thrown: logged with the request id, answered without a stack or a path.
  // (Express's own handler prints stack traces outside production.) A client error some middleware
  // flagged (status 4xx, e.g. a malformed URL) keeps its status.
  const finalErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const flagged = Number((error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode);
    const status = flagged >= 400 && flagged < 500 ? flagged : 500;
    if (status >= 500) logRequestError(req, res, error);
    if (res.headersSent) {
      // Half an answer went out already: cut the connection so the client sees a failure, not a short page.
      res.destroy();
      return;
    }
    answer(req, res, status, status >= 500 ? MESSAGES.internal : MESSAGES.badRequest);
  };
  app.use(finalErrorHandler);

  const server = app.listen(env.PORT, env.HOST);
  // CONNECT never reaches Express (Node hands over the socket); without this it is just dropped.
  server.on("connect", (_req, socket) => {
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let shuttingDown = false;
  function shutdown() {
    if (shuttingDown) return;
    shuttingDown = true;
    // A proxy's keep-alive connections (Caddy's pool) would go on bringing requests until the cut below,
    // 10 s of a restart, and the cut could end one mid-answer: from now on each answer closes its
    // connection, so they drain in one request each and the port closes (Caddy retries meanwhile, ADR 032).
    server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
    server.close(() => {
      sqlite.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 10_000).unref();
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
