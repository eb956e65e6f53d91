/**
 * Every admin route of app/routes, found from the files themselves so that a new one cannot be left out
 * of the authorization tests (tests/integration/admin-pages.test.ts and admin-api.test.ts):
 * - the admin pages: `admin.tsx` and every `admin.*` file, plus any page that calls `requireAdminPage`;
 * - the admin API: every `api.*` file that calls `requireAdmin(`. Each of its loaders and actions must
 *   refuse non-admins, but for the handlers named in `publicHandlers`, which are public on purpose.
 * Each handler comes with a URL made from its file name (Remix flat routes) and a value for its params.
 */
import fs from "node:fs";
import path from "node:path";
import type { callRoute } from "./route";

const ROUTES_DIR = path.resolve("app/routes");

export type HandlerKind = "loader" | "action";
type RouteFunction = Parameters<typeof callRoute>[0];
export type RouteHandler = {
  /** "admin.settings loader", "api.categories action": what the test names. */
  name: string;
  /** The file name without its extension: "admin.settings". */
  route: string;
  kind: HandlerKind;
  fn: RouteFunction;
  path: string;
  params: Record<string, string>;
};

/** The route files (without extension) and their source. */
function routeFiles() {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, route: file.replace(/\.tsx?$/, ""), source: fs.readFileSync(path.join(ROUTES_DIR, file), "utf8") }));
}

/**
 * The URL of a flat route file, with every dynamic segment set to `paramValue`: dots are slashes,
 * `_index` and other `_pathless` segments add nothing, a trailing `_` (not nested) is dropped.
 */
export function routeUrl(route: string, paramValue: string) {
  const params: Record<string, string> = {};
  const segments = route
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) => {
      if (!segment.startsWith("$")) return segment;
      params[segment.slice(1)] = paramValue;
      return paramValue;
    });
  return { path: `/${segments.join("/")}`, params };
}

async function handlersOf({ file, route }: { file: string; route: string }, paramValue: string): Promise<RouteHandler[]> {
  const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as Partial<Record<HandlerKind, RouteFunction>>;
  const { path: url, params } = routeUrl(route, paramValue);
  return (["loader", "action"] as const).flatMap((kind) => {
    const fn = module[kind];
    return fn ? [{ name: `${route} ${kind}`, route, kind, fn, path: url, params }] : [];
  });
}

/** The admin pages' loaders and actions (the `$id` params are 1: the tests' admin opens real rows). */
export async function adminPageHandlers(): Promise<RouteHandler[]> {
  const pages = routeFiles().filter(({ route, source }) => route === "admin" || route.startsWith("admin.") || source.includes("requireAdminPage("));
  return (await Promise.all(pages.map((page) => handlersOf(page, "1")))).flat();
}

/**
 * The admin API's loaders and actions, but those in `publicHandlers` ("api.categories loader": why it is
 * public), returned apart. The params are 999999 (no such row): an admin's call reaches past the guard
 * and changes nothing. A name in `publicHandlers` that matches no handler throws: the list stays true.
 */
export async function adminApiHandlers(publicHandlers: Record<string, string>) {
  const files = routeFiles().filter(({ route, source }) => route.startsWith("api.") && source.includes("requireAdmin("));
  const all = (await Promise.all(files.map((file) => handlersOf(file, "999999")))).flat();
  const unknown = Object.keys(publicHandlers).filter((name) => !all.some((handler) => handler.name === name));
  if (unknown.length) throw new Error(`publicHandlers names no admin API handler: ${unknown.join(", ")}`);
  return {
    guarded: all.filter((handler) => !(handler.name in publicHandlers)),
    public: all.filter((handler) => handler.name in publicHandlers),
  };
}

/** The write methods an API action may answer; the tests keep those it does not answer 405 to. */
export const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
