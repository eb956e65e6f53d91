/**
 * The sitemap (sitemaps.org): every publicly visible ad's canonical address with its last change, the
 * list pages of each category and city, and the page of each seller with a public ad. Up to SITEMAP_MAX_URLS addresses it is one file,
 * /sitemap.xml; beyond, /sitemap.xml is an index of /sitemaps/pages.xml and /sitemaps/ads-{n}.xml
 * (SITEMAP_MAX_URLS ads each, in id order).
 *
 * Cheap at any size: the XML is streamed, read SITEMAP_BATCH ads at a time by id (never the whole
 * table in memory), and only public ads are read — by the one rule, PUBLICLY_VISIBLE_WHERE.
 */
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import { adPath } from "~/models/ad/ad";
import { listingPath } from "~/models/listing/listing-links";
import { PUBLICLY_VISIBLE_WHERE } from "~/models/ad/visibility.server";
import { listCategories } from "~/models/category/category.server";
import { listCities } from "~/models/city/city.server";
import { publicSellerPaths } from "~/models/listing/seller.server";

/** The sitemaps.org limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_BATCH = 1_000;
/** An hour in shared caches: a new ad is found by its list pages first anyway. */
export const SITEMAP_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

type AdRow = { id: number; title: string; updatedAt: number };
type Statements = {
  count: Database.Statement<[number], number>;
  startId: Database.Statement<[number, number], number>;
  batch: Database.Statement<[number, number, number], AdRow>;
};
let statements: Statements | undefined;

function prepared(): Statements {
  statements ??= {
    count: sqlite.prepare<[number], number>(`SELECT count(*) FROM ads WHERE ${PUBLICLY_VISIBLE_WHERE}`).pluck(),
    // The first id of the n-th file: a walk of the ids, not of the rows' contents.
    startId: sqlite.prepare<[number, number], number>(`SELECT id FROM ads WHERE ${PUBLICLY_VISIBLE_WHERE} ORDER BY id LIMIT 1 OFFSET ?`).pluck(),
    batch: sqlite.prepare<[number, number, number], AdRow>(
      `SELECT id, title, updated_at AS updatedAt FROM ads WHERE ${PUBLICLY_VISIBLE_WHERE} AND id >= ? ORDER BY id LIMIT ?`,
    ),
  };
  return statements;
}

/** The list pages worth finding: the home page, the full list, each active category and each city, and the sellers' pages. */
function listingPaths(now: Date): string[] {
  return [
    "/",
    "/categories",
    ...listCategories().map((c) => listingPath({ categoryId: c.id })),
    ...listCities().map((c) => listingPath({ cityId: c.id })),
    ...publicSellerPaths(now),
  ];
}

export type SitemapPlan =
  | { kind: "single" }
  /** Index: the pages file and `adFiles` files of ads. */
  | { kind: "index"; adFiles: number };

/** One file while everything fits in `pageSize` addresses, else an index (`pageSize` smaller in tests). */
export function sitemapPlan(now: Date = new Date(), pageSize = SITEMAP_MAX_URLS): SitemapPlan {
  const ads = prepared().count.get(now.getTime()) ?? 0;
  if (ads + listingPaths(now).length <= pageSize) return { kind: "single" };
  return { kind: "index", adFiles: Math.max(1, Math.ceil(ads / pageSize)) };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = "</urlset>\n";

function urlEntry(origin: string, path: string, lastmod?: Date) {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(origin + path)}</loc>${modified}</url>\n`;
}

/** The public ads from the `skip`-th on (id order), at most `limit`, SITEMAP_BATCH rows a read. */
function* adEntries(origin: string, now: Date, skip: number, limit: number): Generator<string> {
  const s = prepared();
  let from = skip === 0 ? 0 : s.startId.get(now.getTime(), skip);
  let left = limit;
  while (from !== undefined && left > 0) {
    const want = Math.min(SITEMAP_BATCH, left);
    const rows = s.batch.all(now.getTime(), from, want);
    if (rows.length) yield rows.map((row) => urlEntry(origin, adPath(row), new Date(row.updatedAt))).join("");
    left -= rows.length;
    from = rows.length === want ? rows[rows.length - 1]!.id + 1 : undefined;
  }
}

function xmlStream(chunks: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.iterator]();
  // Pulled as the client reads: one batch of ads in memory at a time.
  return new ReadableStream({
    pull(controller) {
      const { value, done } = iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
  });
}

/** /sitemap.xml: every address, or the index of the files when they do not fit in one. */
export function sitemapRoot(origin: string, now: Date = new Date(), pageSize = SITEMAP_MAX_URLS): ReadableStream<Uint8Array> {
  const plan = sitemapPlan(now, pageSize);
  if (plan.kind === "single") {
    return xmlStream(
      (function* () {
        yield URLSET_OPEN + listingPaths(now).map((path) => urlEntry(origin, path)).join("");
        yield* adEntries(origin, now, 0, Number.MAX_SAFE_INTEGER);
        yield URLSET_CLOSE;
      })(),
    );
  }
  const files = ["/sitemaps/pages.xml", ...Array.from({ length: plan.adFiles }, (_, i) => `/sitemaps/ads-${i + 1}.xml`)];
  const lastmod = now.toISOString();
  return xmlStream([
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...files.map((file) => `<sitemap><loc>${escapeXml(origin + file)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`),
    "</sitemapindex>\n",
  ]);
}

/**
 * One file of the index: "pages" (the list pages) or "ads-{n}" (the n-th SITEMAP_MAX_URLS public
 * ads). Null for a name that is not one, or an ads file past the last.
 */
export function sitemapFile(name: string, origin: string, now: Date = new Date(), pageSize = SITEMAP_MAX_URLS): ReadableStream<Uint8Array> | null {
  if (name === "pages") return xmlStream([URLSET_OPEN, ...listingPaths(now).map((path) => urlEntry(origin, path)), URLSET_CLOSE]);
  const n = /^ads-([1-9]\d{0,5})$/.exec(name)?.[1];
  if (!n) return null;
  const plan = sitemapPlan(now, pageSize);
  if (plan.kind !== "index" || Number(n) > plan.adFiles) return null;
  return xmlStream(
    (function* () {
      yield URLSET_OPEN;
      yield* adEntries(origin, now, (Number(n) - 1) * pageSize, pageSize);
      yield URLSET_CLOSE;
    })(),
  );
}
