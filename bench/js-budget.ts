/**
 * The JavaScript a page ships (issue #35, ADR 029): the sum of every script its HTML names — each
 * `<script src>`, each `<link>` whose rel is a module preload of any variant (`modulepreload`, the held
 * `modulepreload-after-load` of ADR 015…) and each module the inline module scripts import — at the
 * gzip size the server sends it (level 9: scripts/precompress-assets.mjs), in KB of 1 024 bytes.
 *
 * One implementation for the size test of `npm test` (tests/e2e/js-budget.spec.ts, against the e2e
 * run's own build and server) and the benches (`npm run bench:js`, bench/run.ts's page weights).
 * `npx tsx bench/js-budget.ts [base URL]` prints every page's scripts against its budget: against a
 * server already running, or else the production build started on a free port with the demo data.
 */
import { gzipSync, constants } from "node:zlib";

/** The budgets of issue #35: the browsing pages, and the account forms with their live password checklist. */
export const JS_BUDGET_KB = { browsing: 95, accountForms: 110 } as const;

/**
 * The ceilings the build keeps below issue #35's budget where it does better (ADR 029, amended 2026-12-05):
 * what the pages measured when they got there, +0.5 KB, so that no page grows back toward the budget
 * unnoticed. React, React DOM, Remix and the router alone are 80.0 KB (terser); the shell (root, entry,
 * session check, kept parts' handlers) 3.8 KB more, which leaves a list page ~10 KB for its list, card and
 * filters. Lower these as the pages shrink; raise one only with a note in ADR 029 saying what it bought.
 */
const KEPT_KB: Record<string, number> = { "/": 93.6, "/categories": 94.6, "/anuncio/{id}": 94.4 };

export type BudgetPage = { name: string; path: string; budgetKb: number; keptKb?: number };
export type ScriptSize = { url: string; gzipBytes: number };
export type PageScripts = BudgetPage & { scripts: ScriptSize[]; gzipBytes: number };

/**
 * The pages under a budget. The ad page is the first ad the home page links to (any ad's page ships
 * the same scripts: they depend on the route, not on the ad).
 */
export async function budgetPages(base: string): Promise<BudgetPage[]> {
  const home = await (await fetch(`${base}/`)).text();
  const adPath = /href="(\/anuncio\/[^"/?#]+)"/.exec(home)?.[1];
  if (!adPath) throw new Error("js-budget: the home page links to no ad (no demo data?)");
  const pages: BudgetPage[] = [
    { name: "/", path: "/", budgetKb: JS_BUDGET_KB.browsing },
    { name: "/categories", path: "/categories", budgetKb: JS_BUDGET_KB.browsing },
    { name: "/anuncio/{id}", path: adPath, budgetKb: JS_BUDGET_KB.browsing },
    { name: "/favoritos", path: "/favoritos", budgetKb: JS_BUDGET_KB.browsing },
    { name: "/sobre", path: "/sobre", budgetKb: JS_BUDGET_KB.browsing },
    { name: "/login", path: "/login", budgetKb: JS_BUDGET_KB.accountForms },
    { name: "/register", path: "/register", budgetKb: JS_BUDGET_KB.accountForms },
  ];
  return pages.map((page) => (KEPT_KB[page.name] ? { ...page, keptKb: KEPT_KB[page.name] } : page));
}

/** Every script address the HTML names, once each, in the order it names them. */
export function namedScripts(html: string): string[] {
  const named: string[] = [];
  for (const tag of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", body = ""] = tag;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) named.push(src);
    // An inline module (Remix's, held or not: type="module…") names what it imports. Not every address
    // in it: the inline route manifest lists modules that lazy route discovery loads only on a navigation.
    else if (/\btype="module[^"]*"/.test(attributes)) {
      for (const m of body.matchAll(/\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g)) named.push(m[1]!);
    }
  }
  for (const link of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = /\brel="([^"]*)"/.exec(link[0])?.[1] ?? "";
    const href = /\bhref="([^"]+)"/.exec(link[0])?.[1];
    if (href && rel.split(/\s+/).some((value) => value.startsWith("modulepreload"))) named.push(href);
  }
  return [...new Set(named)];
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A page's named scripts with the gzip size of each (fetched from `base`, as a browser would). */
export async function measurePage(base: string, page: BudgetPage): Promise<PageScripts> {
  const response = await fetch(new URL(page.path, base));
  if (!response.ok) throw new Error(`js-budget: ${page.path} answered ${response.status}`);
  const scripts = await Promise.all(
    namedScripts(await response.text()).map(async (address) => {
      const url = new URL(address, base);
      const script = await fetch(url);
      if (!script.ok) throw new Error(`js-budget: ${url.pathname} (named by ${page.path}) answered ${script.status}`);
      const bytes = Buffer.from(await script.arrayBuffer());
      return { url: url.pathname, gzipBytes: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).byteLength };
    }),
  );
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { ...page, scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
}

/** Within what the build keeps: issue #35's budget, or the page's kept ceiling where that is not reached yet. */
export const withinBudget = (page: PageScripts) => page.gzipBytes <= (page.keptKb ?? page.budgetKb) * 1024;

/** The page's total against its budget, then each script and its size, largest first. */
export function describe(page: PageScripts) {
  const limitKb = page.keptKb ?? page.budgetKb;
  const verdict = withinBudget(page) ? `ok, ${kb(limitKb * 1024 - page.gzipBytes)} KB left` : "OVER";
  const issue = page.gzipBytes <= page.budgetKb * 1024 ? "" : `; issue #35's ${page.budgetKb} KB not reached`;
  const head =
    `${page.name.padEnd(14)} ${kb(page.gzipBytes).padStart(6)} KB gzip in ${page.scripts.length} scripts ` +
    `(${page.keptKb ? "kept" : "budget"} ${limitKb} KB: ${verdict}${issue})`;
  return [head, ...page.scripts.map((script) => `    ${kb(script.gzipBytes).padStart(6)} KB  ${script.url}`)].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer } = await import("./built-server");
  const server = process.argv[2] ? null : await startBuiltServer();
  const base = process.argv[2] ?? server!.base;
  try {
    const pages = await Promise.all((await budgetPages(base)).map((page) => measurePage(base, page)));
    for (const page of pages) console.log(describe(page));
    if (!pages.every(withinBudget)) process.exitCode = 1;
  } finally {
    await server?.stop();
  }
}
