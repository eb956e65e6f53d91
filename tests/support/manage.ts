/**
 * What the ad-management tests share: an ad of a user in any state, written straight into the test
 * database (status, created day, last visible day, last change), optionally with stored photos, and
 * request helpers for the JSON API and the page forms. Imports the app's database.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adImages, ads } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import type { AdModeration, AdStatus } from "~/models/ad/ad";
import { storeUploadedImage } from "~/models/ad/image-store.server";
import { imageUrl } from "~/services/images.server";
import { categoryId, cityId, smallPng, subcategoryId, ORIGIN, type TestUser } from "./ad-fixtures";

const DAY = 86_400_000;

export type AdState = {
  status: AdStatus;
  /** Days before now the ad was created (0 = now, São Paulo today). */
  createdDaysAgo?: number;
  /** The last visible São Paulo day, relative to today (negative: already expired). */
  lastDayInDays?: number;
  /** An exact expiration instant (overrides lastDayInDays). */
  expirationDate?: Date;
  /** Days since the last change. */
  updatedDaysAgo?: number;
  moderation?: AdModeration | null;
  photos?: number;
  now?: Date;
};

/** An ad of `userId` in "Casa e Móveis › Móveis", Patos de Minas. */
export async function insertAd(userId: number, state: AdState) {
  const now = state.now ?? new Date();
  const city = cityId();
  const word = `Mg${randomBytes(5).toString("hex")}`;
  const row = db
    .insert(ads)
    .values({
      title: `Mesa de jantar ${word}`,
      description: `Mesa de jantar com seis cadeiras ${word}, madeira maciça, ótimo estado.`,
      priceCents: 120000,
      adCostCents: 750,
      status: state.status,
      userId,
      categoryId: categoryId("Casa e Móveis"),
      subcategoryId: subcategoryId("Casa e Móveis", "Móveis"),
      adType: "Vender",
      expirationDate: state.expirationDate ?? expirationInstantFromKey(addDaysToKey(todayKey(now), state.lastDayInDays ?? 10)),
      whatsapp: "(34) 9 9999-0000",
      city: "Patos de Minas",
      idCity: city,
      state: "MG",
      views: 7,
      moderation: state.moderation ?? null,
      createdAt: new Date(now.getTime() - (state.createdDaysAgo ?? 0) * DAY),
      updatedAt: new Date(now.getTime() - (state.updatedDaysAgo ?? state.createdDaysAgo ?? 0) * DAY),
    })
    .returning()
    .get();
  const photoIds: string[] = [];
  for (let i = 0; i < (state.photos ?? 0); i++) {
    const stored = await storeUploadedImage(await smallPng(64, 48, i % 2 ? "#10b981" : "#1d4ed8"));
    db.insert(adImages)
      .values({ adId: row.id, publicId: stored.publicId, url: imageUrl(stored.publicId), width: stored.width, height: stored.height, isPrimary: i === 0, order: i })
      .run();
    photoIds.push(stored.publicId);
  }
  return { ...row, photoIds };
}

/** The states of the permission matrix, by name. */
export const MATRIX_STATES: Record<string, AdState> = {
  active: { status: "active", createdDaysAgo: 5 },
  paused: { status: "paused", createdDaysAgo: 5 },
  "pending_payment (today)": { status: "pending_payment", createdDaysAgo: 0 },
  "pending_payment (earlier)": { status: "pending_payment", createdDaysAgo: 2 },
  expired: { status: "active", createdDaysAgo: 20, lastDayInDays: -2 },
  rejected: { status: "rejected", createdDaysAgo: 3 },
  pending: { status: "pending", createdDaysAgo: 3 },
};

export const adNow = (id: number) => db.select().from(ads).where(eq(ads.id, id)).get();

export type Who = TestUser | null;

/** Bearer headers for an API client, nothing for an anonymous one. */
export const apiHeaders = (who: Who): Record<string, string> => (who ? { Authorization: `Bearer ${who.token}` } : {});
/** The browser's headers: the session cookie and the Origin a same-site form carries. */
export const pageHeaders = (who: Who): Record<string, string> => (who ? { Cookie: who.cookie, Origin: ORIGIN } : { Origin: ORIGIN });

export function json(method: string, who: Who, body?: unknown): { init: RequestInit } {
  return {
    init: {
      method,
      headers: { ...apiHeaders(who), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  };
}

export function formPost(who: Who, fields: Record<string, string>): { init: RequestInit } {
  return { init: { method: "POST", headers: { ...pageHeaders(who), "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() } };
}
