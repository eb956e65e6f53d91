/**
 * What server.ts decides for GET /metrics (ADR 023): who may read it, and the route label a request
 * is counted under. Pure functions of plain values, like server-guards.server.ts.
 */
import { BlockList, isIPv4 } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";

export const METRICS_MESSAGES = {
  unauthorized: "Métricas: informe o token (Authorization: Bearer <METRICS_TOKEN>).",
  forbidden: "Métricas: sem METRICS_TOKEN, só a própria máquina pode lê-las.",
} as const;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1 and IPv4 loopback written as IPv6 (::ffff:127.0.0.1, how a dual-stack socket reports it). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return LOOPBACK.check(mapped, "ipv4");
  return isIPv4(address) ? LOOPBACK.check(address, "ipv4") : LOOPBACK.check(address, "ipv6");
}

function sameSecret(received: string, expected: string) {
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read the metrics. With METRICS_TOKEN set: only a request carrying it as a Bearer token (401
 * otherwise, wherever it comes from — a proxy on the same machine makes every client look local).
 * Without it: only a client on this machine, and X-Forwarded-For never makes one (ADR 008): the
 * connection itself (`peerIp`, the socket's address) must come from this machine, and so must the
 * client the proxy names (`clientIp`, Express's req.ip under TRUST_PROXY). Believing the header alone
 * gave the metrics to anyone who could reach the port and wrote `X-Forwarded-For: 127.0.0.1`; the
 * socket alone would give them to every visitor of a proxy on this machine.
 */
export function metricsAccess(input: {
  token: string | undefined;
  authorization: string | undefined;
  clientIp: string | undefined;
  peerIp: string | undefined;
}): 200 | 401 | 403 {
  if (input.token) {
    const received = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? "")?.[1];
    return received && sameSecret(received, input.token) ? 200 : 401;
  }
  return isLoopback(input.peerIp) && isLoopback(input.clientIp) ? 200 : 403;
}

type RouteManifest = ServerBuild["routes"];
/** A route as matchRoutes takes it: an index route has no children. */
type RouteNode = { id: string; path?: string; caseSensitive?: boolean } & ({ index: true } | { index?: false; children: RouteNode[] });

/**
 * The label a request is counted under: the id of the deepest Remix route its path matches
 * ("routes/anuncio.$id" for every ad), so one series per page, never one per ad or per scanner's
 * made-up URL; a path no route matches counts as the 404 route's, one with a bad escape as "malformed".
 */
export function routeLabeler(manifest: RouteManifest): (pathname: string) => string {
  const nodes = new Map<string, RouteNode>();
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  for (const { id, path, caseSensitive, index } of routes) {
    nodes.set(id, index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of routes) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    const siblings = parent && "children" in parent ? parent.children : roots;
    siblings.push(nodes.get(route.id)!);
  }
  // matchRoutes flattens and ranks every route again on each call, as much CPU as a list page's
  // loader: each path's label is kept instead, with every segment that starts with a digit (an id)
  // written as "0", so the kept labels stay few whatever the ids. No route has a static segment
  // starting with a digit (tests/integration/metrics.test.ts holds it).
  const labels = new Map<string, string>();
  return (pathname) => {
    // matchRoutes decodes the path itself, and logs a warning for each one it cannot: a scanner's bad escapes would flood the log.
    try {
      decodeURI(pathname);
    } catch {
      return "malformed";
    }
    const shape = pathname.replace(/\/\d[^/]*/g, "/0");
    let label = labels.get(shape);
    if (label === undefined) {
      label = matchRoutes(roots, shape)?.at(-1)?.route.id ?? "unmatched";
      // Scanners' made-up paths could fill it: bounded, emptied when full.
      if (labels.size >= MAX_KEPT_LABELS) labels.clear();
      labels.set(shape, label);
    }
    return label;
  };
}

const MAX_KEPT_LABELS = 2_000;
