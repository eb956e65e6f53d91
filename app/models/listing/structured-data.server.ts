/**
 * schema.org structured data (JSON-LD) for search engines: the ad page's `Product` and
 * `BreadcrumbList`, the list pages' `ItemList`, the seller page's `Person`. Written by the server only,
 * into the first HTML (StructuredData in components/server-parts.tsx): search engines read
 * that, and the browser has no use for it. A JSON-LD block is data, not a script, so the CSP's
 * script-src (nonce) does not apply to it; `jsonLdText` escapes what could end it.
 */
import { imageVariantUrl } from "~/lib/image-variants";
import { adPath, type AdDetail } from "~/models/ad/ad";
import { listingPath } from "~/models/listing/listing-links";
import { sellerPath, type PublicSeller } from "~/models/listing/seller";

type JsonLd = Record<string, unknown>;

const SCHEMA = "https://schema.org";

/**
 * schema.org's item conditions, read from a characteristic that says how the item is kept (the demo
 * categories' "Estado de conservação": "Novo", "Seminovo", "Usado - bom estado", "Com defeito"…).
 * Checked in this order: "Seminovo" is used, not new.
 */
const CONDITION_KEY = /conserva|condi[cç][aã]o/i;
const CONDITIONS: [RegExp, string][] = [
  [/defeito|danificad|quebrad|para pe[cç]as/i, "DamagedCondition"],
  [/recondicionad|reformad|recuperad/i, "RefurbishedCondition"],
  [/semi ?-?novo|usad/i, "UsedCondition"],
  [/^novo/i, "NewCondition"],
];

/** The ad's schema.org item condition, or null when it has no condition-like characteristic (then it is omitted). */
export function itemCondition(ad: Pick<AdDetail, "characteristicItems">): string | null {
  const item = ad.characteristicItems.find(({ key, label }) => CONDITION_KEY.test(key) || CONDITION_KEY.test(label));
  const found = item && CONDITIONS.find(([pattern]) => pattern.test(item.value.trim()));
  return found ? `${SCHEMA}/${found[1]}` : null;
}

/** The ad page's `Product` (with its offer when the ad has a price; "A combinar" has none to offer). */
export function adProductJsonLd(ad: AdDetail, origin: string): JsonLd {
  const url = `${origin}${adPath(ad)}`;
  const condition = itemCondition(ad);
  const product: JsonLd = {
    "@context": SCHEMA,
    "@type": "Product",
    name: ad.title,
    description: ad.description,
    url,
    image: ad.images.map((image) => `${origin}${imageVariantUrl(image.publicId, { width: 1200 })}`),
    category: ad.subcategory ? `${ad.category.name} > ${ad.subcategory.name}` : ad.category.name,
  };
  if (ad.price) {
    product.offers = {
      "@type": "Offer",
      url,
      price: ad.price,
      priceCurrency: "BRL",
      availability: `${SCHEMA}/${ad.status === "active" ? "InStock" : "OutOfStock"}`,
      ...(condition ? { itemCondition: condition } : {}),
    };
  }
  return product;
}

/** Início › category › subcategory, each with its list page's address. */
export function adBreadcrumbJsonLd(ad: Pick<AdDetail, "category" | "subcategory">, origin: string): JsonLd {
  const crumbs = [
    { name: "Início", path: "/" },
    { name: ad.category.name, path: listingPath({ categoryId: ad.category.id }) },
    ...(ad.subcategory ? [{ name: ad.subcategory.name, path: listingPath({ categoryId: ad.category.id, subcategoryId: ad.subcategory.id }) }] : []),
  ];
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: `${origin}${crumb.path}` })),
  };
}

/** The seller page's `Person`: the public name, the page, and the cities of their ads (nothing else about them). */
export function sellerPersonJsonLd(seller: Pick<PublicSeller, "id" | "name" | "cities">, origin: string): JsonLd {
  return {
    "@context": SCHEMA,
    "@type": "Person",
    name: seller.name,
    url: `${origin}${sellerPath(seller)}`,
    ...(seller.cities.length ? { homeLocation: seller.cities.map((name) => ({ "@type": "Place", name })) } : {}),
  };
}

/**
 * The list made for each page of cards, while that page is kept (listing.server.ts shares one array
 * among every request of its few seconds): its addresses (a slug per ad) are worked out once, not on
 * every rendering of the page (issue #35, item 3).
 */
const itemLists = new WeakMap<readonly { id: number; title: string }[], { origin: string; name: string; jsonLd: JsonLd }>();

/** A list page's ads, in the order shown (a summary list: each item is the ad's own page). */
export function adItemListJsonLd(ads: readonly { id: number; title: string }[], origin: string, name: string): JsonLd {
  const kept = itemLists.get(ads);
  if (kept && kept.origin === origin && kept.name === name) return kept.jsonLd;
  const jsonLd = {
    "@context": SCHEMA,
    "@type": "ItemList",
    name,
    itemListElement: ads.map((ad, index) => ({ "@type": "ListItem", position: index + 1, url: `${origin}${adPath(ad)}`, name: ad.title })),
  };
  itemLists.set(ads, { origin, name, jsonLd });
  return jsonLd;
}

/**
 * A block's text inside `<script type="application/ld+json">`: its JSON with `<`, `>` and `&` escaped (as
 * Remix's `script:ld+json` meta did), so no ad's text can end the script or open a comment.
 */
export function jsonLdText(jsonLd: JsonLd): string {
  return JSON.stringify(jsonLd).replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
