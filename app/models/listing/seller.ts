/**
 * The seller's page (issue #36, item 3), the browser-safe half: its address, /vendedor/{userId}-{slug of
 * the public name} (the id finds the person, the words are for people and search engines; any other
 * spelling answers 301), the public name, the "No Classificados desde" month, and the shape the page and
 * GET /api/users/{id}/public share. Only what the ads already make public: never the username (the
 * e-mail's first part), the e-mail or a phone.
 */
import { parseId } from "~/lib/parse-id";
import { slugify } from "~/lib/slug";
import type { CardAd } from "~/models/ad/ad";

/** The one 404 of the page and the API: the same for an unknown account and one with nothing public. */
export const SELLER_NOT_FOUND = "Anunciante não encontrado";

/** The name shown for an account without a full name (as the ad page's Anunciante section does). */
export const SELLER_FALLBACK_NAME = "Anunciante";

export const sellerName = (fullName: string | null | undefined) => fullName?.trim() || SELLER_FALLBACK_NAME;

export function sellerPath(seller: { id: number; name: string }): string {
  return `/vendedor/${seller.id}-${slugify(seller.name) || slugify(SELLER_FALLBACK_NAME)}`;
}

/** The user id in a /vendedor/{id}-{slug} path segment (the words are not checked here), or null. */
export function sellerIdFromSegment(segment: string | undefined): number | null {
  const match = /^(\d{1,16})(?:-[^/]*)?$/.exec(segment ?? "");
  return match ? parseId(match[1]) : null;
}

const MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];

/** "2025-03" → "março de 2025" (the page's "No Classificados desde …"). */
export function memberSinceLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} de ${year}`;
}

/** GET /api/users/{id}/public, and what the page shows. */
export type PublicSeller = {
  id: number;
  name: string;
  /** The São Paulo month the account was made, "YYYY-MM". */
  memberSince: string;
  /** The cities of their public ads, by name. */
  cities: string[];
  /** Public now (the one visibility rule). */
  activeAds: number;
  /** Marked 'Vendido' and not yet removed by the daily job. */
  soldAds: number;
  /** One page of their public ads, most viewed first (the lists' order). */
  ads: CardAd[];
  page: number;
  totalPages: number;
};
