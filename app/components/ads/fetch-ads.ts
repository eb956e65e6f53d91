/** The public list's next pages, for AdList's infinite scroll (loaded on first use). */
import type { PublicAd } from "~/models/ad/ad";

export class FetchAdsError extends Error {
  constructor() {
    super("Failed to fetch ads");
  }
}

/** One page of GET /api/ads/public, retried once (spec 01 §8). */
export async function fetchAdsPage(apiQuery: string, page: number, pageSize: number): Promise<{ ads: PublicAd[]; total: number }> {
  const params = new URLSearchParams(apiQuery);
  params.set("status", "active");
  // The spec's order unless the list asks for another (relevance, newest, price).
  if (!params.has("sortBy")) {
    params.set("sortBy", "views");
    params.set("sortOrder", "desc");
  }
  params.set("page", String(page));
  params.set("limit", String(pageSize));
  params.set("_t", String(Date.now()));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(`/api/ads/public?${params}`, {
        cache: "no-store",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (response.ok) return (await response.json()) as { ads: PublicAd[]; total: number };
    } catch {
      // network failure: fall through to the retry
    }
  }
  throw new FetchAdsError();
}
