/**
 * Ads, the browser-safe half: the enums, labels, limits and shapes that pages, the API and the
 * browser share. Imports nothing but other browser-safe modules, so components may import it (and
 * db/schema.ts takes its enums from here).
 *
 * Ad status as users see it: the stored status is not updated when an ad's time runs out, so every
 * screen and query asks `effectiveStatus` instead of reading `status` directly (spec 02 §4).
 */

// Relative: db/schema.ts imports this module, and drizzle-kit reads it without the ~ alias.
import { parseId } from "../../lib/parse-id";
import { slugify } from "../../lib/slug";

export const AD_TYPES = ["Vender", "Comprar", "Trocar"] as const;
export type AdType = (typeof AD_TYPES)[number];

export const AD_STATUSES = ["active", "paused", "pending_payment", "expired", "rejected", "pending", "sold"] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** Spec 02 §8's answer for an ad that does not exist or is not the caller's, on every page and endpoint. */
export const AD_NOT_FOUND = "Anúncio não encontrado";
/** Spec 02 §8's answer when an ad could not be loaded for any other reason. */
export const AD_LOAD_ERROR = "Erro ao carregar detalhes do anúncio";

/** Photos an ad may have. */
export const MAX_AD_IMAGES = 5;
/** Ads awaiting payment, paused, expired or sold for longer than this are removed by the daily job (terms §6). */
export const STALE_AD_DAYS = 30;

/** Cards per page of the public lists (home, /categories, GET /api/ads/public). */
export const PUBLIC_PAGE_SIZE = 12;
/** The largest page GET /api/ads/public serves (larger asks are capped, not refused). */
export const PUBLIC_MAX_LIMIT = 50;

/** pt-BR display labels. (Not to be confused with the status list of the same name in ~/db/schema.) */
export const AD_STATUS_LABELS: Readonly<Record<AdStatus, string>> = {
  active: "Ativo",
  paused: "Pausado",
  pending_payment: "Aguardando Pagamento",
  expired: "Expirado",
  rejected: "Rejeitado",
  pending: "Em análise",
  sold: "Vendido",
};

/**
 * "expired" once `now` reaches `expirationDate` (the first instant after the last
 * visible São Paulo day), whatever is stored; otherwise the stored status. "sold" wins over the
 * date: a sold ad stays sold (it is never offered 'Reativar Anúncio').
 */
export function effectiveStatus(
  { status, expirationDate }: { status: AdStatus; expirationDate: Date },
  now: Date = new Date(),
): AdStatus {
  return status !== "sold" && expirationDate.getTime() <= now.getTime() ? "expired" : status;
}

// ---------------------------------------------------------------------------------------------
// Addresses (docs/decisions/024): every link to an ad's page is built here.
// ---------------------------------------------------------------------------------------------

/**
 * The ad page's canonical path, /anuncio/{id}-{slug of the title}: the id finds the ad, the words are
 * for people and search engines. Any other spelling (the bare id, an old title) answers 301 to this one.
 */
export function adPath(ad: { id: number; title?: string }): string {
  // Without the title (a fraud signal names only the other ad's id) the bare path redirects to the canonical one.
  const slug = slugify(ad.title ?? "");
  return slug ? `/anuncio/${ad.id}-${slug}` : `/anuncio/${ad.id}`;
}

/** The ad id in an /anuncio/{id}-{slug} path segment (the words are not checked here), or null. */
export function adIdFromSegment(segment: string | undefined): number | null {
  const match = /^(\d{1,16})(?:-[^/]*)?$/.exec(segment ?? "");
  return match ? parseId(match[1]) : null;
}

/** "Entrar em Contato": counted, then redirected to the seller's WhatsApp (routes/anuncio.$id_.contato.ts). */
export const adContactPath = (id: number) => `/anuncio/${id}/contato`;

/** How many days the owner's chart and GET /api/ads/{id}/stats cover, ending today. */
export const STATS_DAYS = 30;

/** One São Paulo day of an ad's numbers (daily-stats.server.ts). */
export type DayStats = { date: string; views: number; contacts: number; favourites: number };

export function adStatusLabel(status: AdStatus): string {
  return AD_STATUS_LABELS[status];
}

// ---------------------------------------------------------------------------------------------
// Shapes (spec 01 §3 "Ad (public view)")
// ---------------------------------------------------------------------------------------------

export type PublicAdImage = { id: number; publicId: string; url: string };

export type PublicAd = {
  id: number;
  title: string;
  description: string;
  /** Two decimals ("1800.00"), or "" for "A combinar". */
  price: string;
  /** While a price drop shows (models/ad/price-drop.server.ts): the price struck through, two decimals; absent otherwise. */
  previousPrice?: string;
  adType: AdType;
  category: { id: number; name: string; icon: string };
  subcategory: { id: number; name: string } | null;
  characteristics: Record<string, string>;
  images: PublicAdImage[];
  primaryImageUrl: string | null;
  whatsapp: string | null;
  user: { fullName: string | null };
  city: string;
  idCity: number;
  state: string;
  /** ISO 8601 instants. */
  createdAt: string;
  expirationDate: string;
  views: number;
};

/**
 * What an ad card shows: the public ad less what only the detail needs. The list pages send this
 * (a shorter description, the cover alone with the photo count) so the HTML carries less; the API's
 * full ads fit it too, so the infinite scroll appends them as they come.
 */
export type CardAd = Pick<PublicAd, "id" | "title" | "description" | "price" | "previousPrice" | "adType" | "whatsapp" | "city" | "state" | "createdAt" | "views"> & {
  category: { name: string };
  images: { id: number; publicId: string }[];
  /** How many photos the ad has when `images` holds only the cover; otherwise `images.length`. */
  imageCount?: number;
};

/**
 * A list page's card as its loader data carries it (issue #35, item 3): whole, or by id only when the page's
 * HTML holds it already (a document: web/page-cards.server.ts; the browser's side: components/ads/page-cards.ts).
 */
export type CardInHtml = {
  id: number;
  /** The list whose HTML holds it: one ad may be in two lists of a page, as two different cards. */
  inHtml: string;
};
export type PageCard = CardAd | CardInHtml;

export const isCardInHtml = (card: PageCard): card is CardInHtml => "inHtml" in card;

export type AdDetail = PublicAd & {
  /** Effective status (expired once the expiration date has passed). */
  status: AdStatus;
  condition: string;
  userId: number;
  /** The characteristics with the labels of the category's definitions, in definition order. */
  characteristicItems: { key: string; label: string; value: string }[];
  updatedAt: string;
};

/**
 * A sold ad as its page shows it (410, issue #36): what it was, never a way to reach the seller (no
 * WhatsApp, no description, no seller).
 */
export type SoldAd = Pick<PublicAd, "id" | "title" | "price" | "images" | "city" | "idCity" | "state"> & {
  category: { id: number; name: string };
  subcategory: { id: number; name: string } | null;
  status: "sold";
  /** ISO 8601 instant. */
  soldAt: string;
};

/**
 * Orders of the public list, in the order the sort menu shows them: relevance to the words searched
 * (where they were found, then views; the pages' default when there is a search, the same as views
 * when there is none), by views (the spec's order, the default otherwise), newest first, lowest and
 * highest price (ads without a price, "A combinar", last in both).
 */
export const PUBLIC_SORTS = ["relevance", "views", "newest", "price_asc", "price_desc"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

/** The pages' order when the visitor did not choose one: relevance for a search, the spec's views otherwise. */
export const defaultPublicSort = (search: string | undefined | null): PublicSort => (search?.trim() ? "relevance" : "views");

export const PUBLIC_SORT_LABELS: Readonly<Record<PublicSort, string>> = {
  relevance: "Mais relevantes",
  views: "Mais vistos",
  newest: "Mais recentes",
  price_asc: "Menor preço",
  price_desc: "Maior preço",
};

/** The orders' names in GET /api/ads/public (spec 01 §7 sends sortBy=views&sortOrder=desc). */
export type PublicSortBy = "relevance" | "views" | "createdAt" | "price";
/**
 * Each order as GET /api/ads/public spells it: the lists' next pages ask for it so (listing-links.ts)
 * and the endpoint reads it back (listing-query.server.ts).
 */
export const PUBLIC_SORT_API: Readonly<Record<PublicSort, { sortBy: PublicSortBy; sortOrder: "asc" | "desc" }>> = {
  relevance: { sortBy: "relevance", sortOrder: "desc" },
  views: { sortBy: "views", sortOrder: "desc" },
  newest: { sortBy: "createdAt", sortOrder: "desc" },
  price_asc: { sortBy: "price", sortOrder: "asc" },
  price_desc: { sortBy: "price", sortOrder: "desc" },
};

/** The pages' `cityId` value for "Todas as cidades" (no cityId at all means the default city, spec 01 §2). */
export const ALL_CITIES = "todas";

export type PublicAdsFilter = {
  cityId?: number;
  categoryId?: number;
  subcategoryId?: number;
  adType?: AdType;
  search?: string;
  /** Price range in cents, both ends included; either end excludes ads without a price. */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Default "views"; "relevance" without a search is the views order. */
  sort?: PublicSort;
  page: number;
  limit: number;
};

export type PublicAdsResult = { ads: PublicAd[]; total: number };


/** Who is looking at an ad: owners and admins see it in any status, everyone else only when public. */
export type Viewer = { id: number; isAdmin: boolean } | null;

/** What the automatic moderation recommends for an ad's text and photos. */
export const MODERATION_RECOMMENDATIONS = ["approved", "rejected", "needs_review"] as const;
export type ModerationRecommendation = (typeof MODERATION_RECOMMENDATIONS)[number];

/** The automatic moderation's verdict, stored with the ad so the owner, the admin queue and the API show the same reasons. */
export type AdModeration = {
  recommendation: ModerationRecommendation;
  /** 0..1 */
  confidence: number;
  /** pt-BR reasons, empty when approved. */
  issues: string[];
  suggestion?: string;
  /** Remarks that are not reasons, e.g. that the photos were not judged by content. */
  notes?: string[];
  provider: "gemini" | "openai" | "local";
  /** ISO 8601 instant. */
  timestamp: string;
};

/**
 * What a person decides on an ad in the moderation queue, an owner's request for a human review, and
 * what reports did: held_by_reports (enough aged accounts hid it; no admin) and reports_dismissed (an
 * admin found the open reports unfounded). approved, rejected and reports_dismissed close the open reports.
 */
export const MODERATION_DECISIONS = ["approved", "rejected", "review_requested", "held_by_reports", "reports_dismissed"] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
