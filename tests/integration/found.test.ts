/**
 * "Found" (issue 23): one address per ad (/anuncio/{id}-{slug}, everything else 301s to it), its
 * structured data, the sitemap (only public ads; an index past the file limit) and robots.txt.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads } from "~/db/schema";
import { getEnv } from "~/env.server";
import { adPath, type AdDetail } from "~/models/ad/ad";
import { getAdForViewer } from "~/models/ad/detail.server";
import { sitemapFile, sitemapPlan, sitemapRoot } from "~/models/listing/sitemap.server";
import { adBreadcrumbJsonLd, adProductJsonLd, itemCondition, jsonLdText } from "~/models/listing/structured-data.server";
import { loader as adPage } from "~/routes/anuncio.$id";
import { loader as robots } from "~/routes/robots[.]txt";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { loader as sitemapChild } from "~/routes/sitemaps.$file";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

// The configured public origin (no APP_URL here: http://localhost:{PORT}), never the request's.
const ORIGIN = getEnv().publicOrigin;
const html = { Accept: "text/html" };

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser();
});

async function publicAd(title: string) {
  const ad = await insertAd(owner.id, { status: "active" });
  db.update(ads).set({ title }).where(eq(ads.id, ad.id)).run();
  return ad.id;
}

describe("the ad's canonical address", () => {
  it("301s the bare id and a wrong slug to /anuncio/{id}-{slug}, accents removed, query string kept", async () => {
    const id = await publicAd("Bicicleta Caloi Aro 29 — Ótimo Estado, Câmbio Shimano");
    const canonical = `/anuncio/${id}-bicicleta-caloi-aro-29-otimo-estado-cambio-shimano`;
    expect(adPath({ id, title: "Bicicleta Caloi Aro 29 — Ótimo Estado, Câmbio Shimano" })).toBe(canonical);

    for (const [segment, search] of [[`${id}`, ""], [`${id}-bicicleta-velha`, "?utm_source=zap"], [`${id}-Bicicleta-Caloi`, ""]] as const) {
      const response = await callRoute(adPage, `/anuncio/${segment}${search}`, { params: { id: segment }, init: { headers: html } });
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(`${canonical}${search}`);
    }
    const page = await callRoute(adPage, canonical, { params: { id: canonical.split("/")[2]! }, init: { headers: html } });
    expect(page.status).toBe(200);
  });

  it("answers 404 for what is not an id, and for a hidden ad whatever the words (no redirect that reveals its title)", async () => {
    for (const segment of ["abc", "0-x", "12a-x", "-5"]) {
      expect((await callRoute(adPage, `/anuncio/${segment}`, { params: { id: segment } })).status).toBe(404);
    }
    const paused = await insertAd(owner.id, { status: "paused" });
    const response = await callRoute(adPage, `/anuncio/${paused.id}`, { params: { id: String(paused.id) } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
  });
});

describe("structured data", () => {
  function detail(id: number): AdDetail {
    return getAdForViewer(id, null)!;
  }

  it("describes the ad as a Product with a BRL offer, its address and breadcrumb with list addresses", async () => {
    const id = await publicAd("Mesa de jantar <script>alert(1)</script>");
    const ad = detail(id);
    const product = adProductJsonLd(ad, ORIGIN);
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: ad.title,
      description: ad.description,
      url: `${ORIGIN}${adPath(ad)}`,
      image: [],
      offers: { "@type": "Offer", price: "1200.00", priceCurrency: "BRL", availability: "https://schema.org/InStock" },
    });
    // No condition-like characteristic: no itemCondition (rather than a guess).
    expect(product.offers).not.toHaveProperty("itemCondition");

    const crumbs = adBreadcrumbJsonLd(ad, ORIGIN) as { itemListElement: { position: number; name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Início", "Casa e Móveis", "Móveis"]);
    expect(crumbs.itemListElement[0]!.item).toBe(`${ORIGIN}/`);
    expect(crumbs.itemListElement[1]!.item).toBe(`${ORIGIN}/categories?category=${ad.category.id}`);
    expect(crumbs.itemListElement[2]!.item).toBe(`${ORIGIN}/categories?category=${ad.category.id}&subcategoryId=${ad.subcategory!.id}`);
  });

  it("reads the item condition from a condition-like characteristic, and leaves out an offer without a price", () => {
    const item = (value: string) => ({ characteristicItems: [{ key: "estadoConservacao", label: "Estado de conservação", value }] });
    expect(itemCondition(item("Novo com etiqueta"))).toBe("https://schema.org/NewCondition");
    expect(itemCondition(item("Seminovo"))).toBe("https://schema.org/UsedCondition");
    expect(itemCondition(item("Usado - bom estado"))).toBe("https://schema.org/UsedCondition");
    expect(itemCondition(item("Com defeito"))).toBe("https://schema.org/DamagedCondition");
    expect(itemCondition({ characteristicItems: [{ key: "cor", label: "Cor", value: "Novo azul" }] })).toBeNull();
  });

  it("is written into the page by the server alone, escaped (StructuredData in server-parts.tsx; the e2e spec reads the HTML)", async () => {
    const { meta } = await import("~/routes/anuncio.$id");
    const id = await publicAd("Sofá </script><img src=x onerror=alert(1)>");
    const ad = detail(id);
    const text = jsonLdText(adProductJsonLd(ad, ORIGIN));
    expect(text).not.toMatch(/[<>&]/);
    expect((JSON.parse(text) as { name: string }).name).toBe(ad.title);
    // Neither the loader data (which the page carries for the browser) nor the meta tags carry it any more.
    const loaded = await callRoute(adPage, `${ORIGIN}${adPath(ad)}`, { params: { id: adPath(ad).replace("/anuncio/", "") } });
    expect(await loaded.text()).not.toContain("schema.org");
    const tags = meta({ data: { kind: "ad", ad, origin: ORIGIN } } as never) as Record<string, unknown>[];
    expect(tags.some((tag) => "script:ld+json" in tag)).toBe(false);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${adPath(ad)}` });
  });
});

/** The text of a streamed answer. */
const text = (response: Response) => response.text();

describe("sitemap", () => {
  it("lists every public ad's canonical address with lastmod, and the list pages; never a hidden ad", async () => {
    const visible = await publicAd("Geladeira Brastemp frost free");
    const hidden = await Promise.all(
      [
        { status: "pending_payment" as const },
        { status: "paused" as const },
        { status: "pending" as const },
        { status: "rejected" as const },
        { status: "active" as const, lastDayInDays: -1 },
      ].map((state) => insertAd(owner.id, state)),
    );
    const response = await callRoute(sitemap, "/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await text(response);
    expect(xml).toContain("<urlset");
    expect(xml).toMatch(new RegExp(`<url><loc>${ORIGIN}/anuncio/${visible}-geladeira-brastemp-frost-free</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/categories\\?category=\\d+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/categories\\?cityId=\\d+</loc>`));
    for (const ad of hidden) expect(xml).not.toContain(`/anuncio/${ad.id}-`);
  });

  it("becomes an index of files once the addresses pass the page size, each ad in exactly one file", async () => {
    const publicIds = db
      .select({ id: ads.id })
      .from(ads)
      .all()
      .map((row) => row.id)
      .filter((id) => getAdForViewer(id, null) !== null);
    const pageSize = Math.max(2, Math.ceil(publicIds.length / 3));
    const plan = sitemapPlan(new Date(), pageSize);
    expect(plan).toEqual({ kind: "index", adFiles: Math.ceil(publicIds.length / pageSize) });

    const index = await new Response(sitemapRoot(ORIGIN, new Date(), pageSize)).text();
    expect(index).toContain("<sitemapindex");
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/pages.xml</loc>`);
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/ads-1.xml</loc>`);

    const seen: number[] = [];
    for (let n = 1; n <= (plan.kind === "index" ? plan.adFiles : 0); n++) {
      const file = await new Response(sitemapFile(`ads-${n}`, ORIGIN, new Date(), pageSize)!).text();
      const ids = [...file.matchAll(/\/anuncio\/(\d+)-/g)].map((m) => Number(m[1]));
      expect(ids.length).toBeLessThanOrEqual(pageSize);
      seen.push(...ids);
    }
    expect(seen.sort((a, b) => a - b)).toEqual([...publicIds].sort((a, b) => a - b));
    // Past the last file, and names that are not files: none.
    expect(sitemapFile(`ads-${(plan.kind === "index" ? plan.adFiles : 0) + 1}`, ORIGIN, new Date(), pageSize)).toBeNull();
    expect(sitemapFile("ads-0", ORIGIN, new Date(), pageSize)).toBeNull();
    expect((await callRoute(sitemapChild, "/sitemaps/../etc.xml", { params: { file: "../etc.xml" } })).status).toBe(404);
    // At the real size everything fits in one file: the index files answer 404 then.
    expect((await callRoute(sitemapChild, "/sitemaps/ads-1.xml", { params: { file: "ads-1.xml" } })).status).toBe(404);
    expect((await callRoute(sitemapChild, "/sitemaps/pages.xml", { params: { file: "pages.xml" } })).status).toBe(200);
  });
});

describe("robots.txt", () => {
  it("names the sitemap by its absolute address and keeps crawlers out of private and counted pages", async () => {
    const response = await callRoute(robots, "/robots.txt");
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ["/admin", "/dashboard", "/api", "/conta", "/create-ad", "/payment", "/anuncio/*/contato"]) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    // The public pages stay crawlable.
    expect(body).not.toMatch(/Disallow: \/(\n|$)/);
    expect(body).not.toContain("Disallow: /categories");
  });
});
