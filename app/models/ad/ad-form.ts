/**
 * The ad form, browser-safe: the limits, the pt-BR messages (spec 02 §5) and the zod/mini schemas
 * of the wizard's steps, shared by the /create-ad page (server and live validation in the browser),
 * POST /api/ads and the edit page. The wizard's state between steps is a `WizardDraftData` row.
 */
import * as z from "zod/mini";
import { positiveId } from "~/lib/id";
import { MAX_PRICE_CENTS, MAX_PRICE_MESSAGE, parseDecimalToCents } from "~/lib/money";
import { keepLines, oneLine, singleLine } from "~/lib/plain-text";
import { isValidWhatsapp } from "~/lib/whatsapp";
import { AD_TYPES, MAX_AD_IMAGES, type AdType } from "~/models/ad/ad";

/** Photos as sent (before the server re-encodes them). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** With JavaScript the browser scales photos down to this longest side before sending them. */
export const CLIENT_IMAGE_MAX_SIDE = 1600;
export const DESCRIPTION_MAX = 400;
/** The description counter turns yellow above this, red above DESCRIPTION_DANGER. */
export const DESCRIPTION_WARN = 320;
export const DESCRIPTION_DANGER = 360;
export const TITLE_MAX = 80;
/** Free name/value pairs ("Informações extras"): how many, and how long each side may be. */
export const MAX_CUSTOM_PAIRS = 10;
export const CUSTOM_NAME_MAX = 40;
export const CUSTOM_VALUE_MAX = 120;
export const DEFAULT_AD_TYPE: AdType = "Vender";
export const WIZARD_STEPS = ["Tipo e Categoria", "Informações", "Finalizar"] as const;

export const AD_FORM_MESSAGES = {
  loginRequiredTitle: "Login Necessário",
  loginRequired: "Você precisa fazer login para criar anúncios.",
  chooseCategory: "Selecione uma categoria para continuar",
  typeRequired: "Tipo é obrigatório",
  categoryRequired: "Categoria é obrigatória",
  subcategoryRequired: "Selecione uma subcategoria",
  cityRequired: "Cidade é obrigatória",
  descriptionRequired: "Descrição é obrigatória",
  descriptionMax: `A descrição pode ter no máximo ${DESCRIPTION_MAX} caracteres`,
  expirationRequired: "Data de expiração é obrigatória",
  expirationMin: "* mínimo 3 dias",
  titleMax: `O título pode ter no máximo ${TITLE_MAX} caracteres`,
  maxPrice: MAX_PRICE_MESSAGE,
  invalidPrice: "Informe um valor válido",
  invalidWhatsapp: "WhatsApp inválido: use (DD) NNNN-NNNN ou (DD) N NNNN-NNNN",
  imageLimitTitle: "Limite de imagens",
  imageLimit: `Você pode adicionar no máximo ${MAX_AD_IMAGES} imagens`,
  imageLimitApi: `Limite de imagens atingido: Você pode adicionar no máximo ${MAX_AD_IMAGES} imagens por anúncio.`,
  imageNotImage: "Envie apenas imagens (JPEG, PNG, WebP, AVIF, GIF ou HEIC).",
  imageTooBig: "Cada foto pode ter no máximo 10 MB.",
  createError: "Erro ao criar anúncio",
  rejectedTitle: "Anúncio rejeitado automaticamente",
  /** When the moderation gives reasons but no suggestion of its own. */
  rejectedSuggestion: "Revise o anúncio conforme os motivos acima, retirando o que não é permitido, e tente de novo.",
  customPairsMax: `No máximo ${MAX_CUSTOM_PAIRS} informações extras`,
  customNameMax: `O nome pode ter no máximo ${CUSTOM_NAME_MAX} caracteres`,
  customValueMax: `O valor pode ter no máximo ${CUSTOM_VALUE_MAX} caracteres`,
} as const;

/** The wizard's state between steps (the `ad_drafts.data` column). */
export type WizardDraftData = {
  adType?: AdType;
  cityId?: number;
  categoryId?: number;
  subcategoryId?: number | null;
  title?: string;
  /** YYYY-MM-DD, a São Paulo calendar day. */
  expirationDate?: string;
  /** Values of the category's characteristics, by characteristic name. */
  characteristics?: Record<string, string>;
  customPairs?: { name: string; value: string }[];
  /** Cents; null = "A combinar". */
  priceCents?: number | null;
  whatsapp?: string;
  description?: string;
  /** Photos already stored (server-made ids), in the order they will show. */
  photos?: { publicId: string; width: number; height: number; phash?: string | null; phashVariants?: string | null }[];
};

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const oneLineOrEmpty = z.pipe(z.optional(z.string()), z.transform((value: string | undefined) => singleLine(value ?? "")));
type StringChecks = Parameters<ReturnType<typeof z.string>["check"]>;
/*
 * Conform's form parsing (parseWithZod, on the page and live in the browser) turns "" into undefined
 * for EVERY string schema in the tree, the output side of a pipe included. So no z.string() may sit
 * after a transform that yields "": an optional field left empty would fail with "expected string".
 */
/** An optional one-line field (lib/plain-text), then checked; "" when left empty. */
const optionalLine = (...checks: StringChecks) =>
  z.pipe(z.optional(z.string().check(oneLine(), ...checks)), z.transform((value: string | undefined) => value ?? ""));
/** A required text of several lines (lib/plain-text), then checked; missing, empty or blank → `requiredMessage`. */
const requiredLines = (requiredMessage: string, ...checks: StringChecks) =>
  z.string(requiredMessage).check(keepLines(), z.minLength(1, requiredMessage), ...checks);


/** Step 1: what and where. The server also checks that the subcategory belongs to the category. */
export const adStep1Schema = z.object({
  adType: z.enum(AD_TYPES, AD_FORM_MESSAGES.typeRequired),
  cityId: positiveId(AD_FORM_MESSAGES.cityRequired),
  categoryId: positiveId(AD_FORM_MESSAGES.categoryRequired),
  subcategoryId: z.optional(z.pipe(z.transform(blank), z.optional(positiveId(AD_FORM_MESSAGES.subcategoryRequired)))),
});

/**
 * A typed price → cents, null for "A combinar" (empty or zero), or "invalid" (or "too-large" past what can be held exactly). Accepts what the mask
 * writes ("R$ 1.234,56") and what a person types without JavaScript ("1500", "1.500,00", "1500,5").
 */
export function parsePriceInput(value: string): number | null | "invalid" | "too-large" {
  const input = value.trim();
  if (input === "" || /^(R\$)?\s*[0.,\s]*$/.test(input)) return null;
  const cents = parseDecimalToCents(input);
  if (cents !== null) return cents;
  // Digits too many to hold exactly are still a number: one above the maximum, not an invalid value.
  if (/^(R\$)?\s*\d[\d.,\s]*$/.test(input) && input.replace(/\D/g, "").length > 15) return "too-large";
  return "invalid";
}

export const priceField = z.pipe(
  z.optional(z.string()),
  z.transform((value: string | undefined, ctx) => {
    const cents = parsePriceInput(value ?? "");
    if (cents === "invalid") {
      ctx.issues.push({ code: "custom", message: AD_FORM_MESSAGES.invalidPrice, input: value });
      return z.NEVER;
    }
    if (cents === "too-large" || (cents !== null && cents > MAX_PRICE_CENTS)) {
      ctx.issues.push({ code: "custom", message: AD_FORM_MESSAGES.maxPrice, input: value });
      return z.NEVER;
    }
    return cents;
  }),
);

export const whatsappField = optionalLine(z.refine((value) => value === "" || isValidWhatsapp(value), AD_FORM_MESSAGES.invalidWhatsapp));

export const descriptionField = requiredLines(AD_FORM_MESSAGES.descriptionRequired, z.maxLength(DESCRIPTION_MAX, AD_FORM_MESSAGES.descriptionMax));
export const titleField = optionalLine(z.maxLength(TITLE_MAX, AD_FORM_MESSAGES.titleMax));
export const expirationField = z.string(AD_FORM_MESSAGES.expirationRequired).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, AD_FORM_MESSAGES.expirationRequired));

/**
 * Step 2's own fields. The characteristics (`characteristics.{name}`) are checked against the
 * category's definitions on the server (characteristics.ts), and the minimum date against today.
 */
export const adStep2Schema = z.object({
  title: titleField,
  expirationDate: expirationField,
  price: priceField,
  whatsapp: whatsappField,
  description: descriptionField,
  customName: z.optional(z.array(oneLineOrEmpty)),
  customValue: z.optional(z.array(oneLineOrEmpty)),
});

/** The free name/value pairs from the form's parallel lists, empty rows dropped, with the limits applied. */
export function customPairsFrom(names: (string | undefined)[] = [], values: (string | undefined)[] = []) {
  const pairs: { name: string; value: string }[] = [];
  const errors: string[] = [];
  names.forEach((rawName, index) => {
    const name = singleLine(rawName ?? "");
    const value = singleLine(values[index] ?? "");
    if (!name && !value) return;
    if (name.length > CUSTOM_NAME_MAX) errors.push(AD_FORM_MESSAGES.customNameMax);
    if (value.length > CUSTOM_VALUE_MAX) errors.push(AD_FORM_MESSAGES.customValueMax);
    pairs.push({ name: name.slice(0, CUSTOM_NAME_MAX), value: value.slice(0, CUSTOM_VALUE_MAX) });
  });
  if (pairs.length > MAX_CUSTOM_PAIRS) errors.push(AD_FORM_MESSAGES.customPairsMax);
  return { pairs: pairs.slice(0, MAX_CUSTOM_PAIRS), errors: [...new Set(errors)] };
}

/** The title stored when the advertiser gives none (spec 02 §9): '{adType} - {category name}'. */
export function generatedTitle(adType: AdType, categoryName: string) {
  return `${adType} - ${categoryName}`;
}

/** The description counter's colour band (spec 02 §5). */
export function descriptionBand(length: number): "normal" | "warn" | "danger" | "limit" {
  if (length >= DESCRIPTION_MAX) return "limit";
  if (length > DESCRIPTION_DANGER) return "danger";
  if (length > DESCRIPTION_WARN) return "warn";
  return "normal";
}

/** Free pairs and characteristics sent as one JSON map (POST /api/ads): at most this many entries. */
export const MAX_CHARACTERISTIC_ENTRIES = 40;

/**
 * POST /api/ads (multipart, spec 02 §3). Fields the server decides itself — adCost, status, userId,
 * condition, city, state, views — are not read at all, whatever the client sends.
 */
export const apiAdSchema = z.object({
  adType: z.enum(AD_TYPES, AD_FORM_MESSAGES.typeRequired),
  idCity: positiveId(AD_FORM_MESSAGES.cityRequired),
  categoryId: positiveId(AD_FORM_MESSAGES.categoryRequired),
  subcategoryId: z.optional(z.pipe(z.transform(blank), z.optional(positiveId(AD_FORM_MESSAGES.subcategoryRequired)))),
  title: titleField,
  expirationDate: expirationField,
  price: priceField,
  whatsapp: whatsappField,
  description: descriptionField,
  characteristics: z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined, ctx) => {
      if (!value?.trim()) return {} as Record<string, string>;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = null;
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        ctx.issues.push({ code: "custom", message: "characteristics deve ser um objeto JSON de nome → valor", input: value });
        return z.NEVER;
      }
      const entries = Object.entries(parsed as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== "");
      if (entries.length > MAX_CHARACTERISTIC_ENTRIES) {
        ctx.issues.push({ code: "custom", message: `No máximo ${MAX_CHARACTERISTIC_ENTRIES} características`, input: value });
        return z.NEVER;
      }
      return Object.fromEntries(entries.map(([k, v]) => [singleLine(k), singleLine(String(v))]));
    }),
  ),
});
