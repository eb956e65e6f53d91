/**
 * What the wizard's draft and POST /api/ads become before the write rules (write.server.ts) run: the
 * category's own characteristics apart from the free name/value pairs, with the pairs' limits.
 */
import type * as z from "zod/mini";
import { apiAdSchema, customPairsFrom, DEFAULT_AD_TYPE, type WizardDraftData } from "~/models/ad/ad-form";
import { defaultExpirationKey } from "~/models/ad/cost";
import { characteristicDefinitions, type AdInput } from "~/models/ad/write.server";

type Refusal = { ok: false; status: 400; message: string };

/** The API's one JSON map holds both kinds: names the category defines are characteristics, the rest free pairs. */
export function adInputFromApi(fields: z.output<typeof apiAdSchema>): { ok: true; input: AdInput } | Refusal {
  const defined = new Set(characteristicDefinitions(fields.categoryId).map((definition) => definition.name));
  const entries = Object.entries(fields.characteristics);
  const custom = entries.filter(([name]) => !defined.has(name));
  const pairs = customPairsFrom(
    custom.map(([name]) => name),
    custom.map(([, value]) => value),
  );
  if (pairs.errors.length) return { ok: false, status: 400, message: pairs.errors[0]! };
  return {
    ok: true,
    input: {
      adType: fields.adType,
      cityId: fields.idCity,
      categoryId: fields.categoryId,
      subcategoryId: fields.subcategoryId ?? null,
      title: fields.title,
      expirationDate: fields.expirationDate,
      characteristics: Object.fromEntries(entries.filter(([name]) => defined.has(name))),
      customPairs: pairs.pairs,
      priceCents: fields.price,
      whatsapp: fields.whatsapp,
      description: fields.description,
    },
  };
}

/** The draft as the write rules see it (missing answers become empty ones, which those rules refuse). */
export function adInputFromDraft(data: WizardDraftData, now = new Date()): AdInput {
  return {
    adType: data.adType ?? DEFAULT_AD_TYPE,
    cityId: data.cityId ?? 0,
    categoryId: data.categoryId ?? 0,
    subcategoryId: data.subcategoryId ?? null,
    title: data.title ?? "",
    expirationDate: data.expirationDate ?? defaultExpirationKey(now),
    characteristics: data.characteristics ?? {},
    customPairs: data.customPairs ?? [],
    priceCents: data.priceCents ?? null,
    whatsapp: data.whatsapp ?? "",
    description: data.description ?? "",
  };
}
