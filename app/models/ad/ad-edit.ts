/**
 * The edit form of an existing ad (spec 02 §3 "Ad update", §5 "Edit form"), browser-safe: one zod/mini
 * schema for the /edit-ad/{id} page (server and live validation) and PUT /api/ads/{id}.
 *
 * Fields the server decides — adCost, views, userId, condition, city — are not in the schema, so they
 * are never read, whatever the client sends. `status` and `expirationDate` are optional here because a
 * locked field is not posted; the ad model requires them whenever they are not locked.
 */
import * as z from "zod/mini";
import { positiveId } from "~/lib/id";
import { singleLine } from "~/lib/plain-text";
import { AD_STATUSES, AD_TYPES, type AdStatus, type AdType } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, descriptionField, priceField, titleField, whatsappField } from "~/models/ad/ad-form";
import { MANAGE_MESSAGES } from "~/models/ad/manage";

/** JSON clients send null and numbers; the form fields expect absent values and strings. */
const fromJson = (value: unknown): unknown => (value === null ? undefined : typeof value === "number" ? String(value) : value);
const blank = (value: unknown): unknown => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);


/** "2026-11-25", or an ISO instant whose first ten characters are that day. Empty is the required message. */
const expirationDay = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const day = value.trim().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      ctx.issues.push({ code: "custom", message: AD_FORM_MESSAGES.expirationRequired, input: value });
      return z.NEVER;
    }
    return day;
  }),
);

/** A characteristics map: an object (JSON, or the form's `characteristics.{name}` fields) or a JSON string. */
const characteristicsMap = z.pipe(
  z.unknown(),
  z.transform((value, ctx) => {
    let parsed = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = null;
      }
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.issues.push({ code: "custom", message: "characteristics deve ser um objeto de nome → valor", input: value });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return Object.fromEntries(entries.map(([k, v]) => [singleLine(k), singleLine(String(v))])) as Record<string, string>;
  }),
);

export const adEditSchema = z.object({
  adType: z.enum(AD_TYPES, AD_FORM_MESSAGES.typeRequired),
  categoryId: positiveId(AD_FORM_MESSAGES.categoryRequired),
  subcategoryId: z.optional(z.pipe(z.transform(blank), z.optional(positiveId(AD_FORM_MESSAGES.subcategoryRequired)))),
  title: z.pipe(z.transform(fromJson), titleField),
  description: z.pipe(z.transform(fromJson), descriptionField),
  price: z.pipe(z.transform(fromJson), priceField),
  whatsapp: z.pipe(z.transform(fromJson), whatsappField),
  expirationDate: z.optional(z.pipe(z.transform(fromJson), z.optional(expirationDay))),
  status: z.optional(z.pipe(z.transform(blank), z.optional(z.enum(AD_STATUSES, MANAGE_MESSAGES.statusRequired)))),
  characteristics: z.optional(z.pipe(z.transform(blank), z.optional(characteristicsMap))),
});

export type AdEditFields = z.output<typeof adEditSchema>;

/** An ad as the edit page and GET /api/ads/{id}/edit read it (edit.server.ts). */
export type EditableAd = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  adType: AdType;
  categoryId: number;
  categoryName: string;
  subcategoryId: number | null;
  whatsapp: string;
  /** Effective status. */
  status: AdStatus;
  storedStatus: AdStatus;
  /** The last São Paulo day the ad is visible. */
  expirationDay: string;
  createdAt: string;
  views: number;
  characteristics: Record<string, string>;
  userId: number;
  ownerName: string | null;
};
