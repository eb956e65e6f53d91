/**
 * What a live ad's owner can buy besides its period (ADR 037), browser-safe: days of boost
 * ("Impulsionar": the ad in the top slots of its lists) and days added before the ad ends
 * ("Prolongar"). The quotes, the limits and their pt-BR texts, shared by the pages, the API's schema
 * and the payment model, which computes every amount itself from the ad and the settings.
 */
import { addDaysToKey, daysBetweenKeys, todayKey } from "~/lib/dates";
import { CARD_MIN_CENTS } from "~/models/ad/cost";
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from "~/models/payment/payment";

/** The purchases of a live ad (the ad's own period is "ad"). */
export type AddOnPurpose = Exclude<PaymentPurpose, "ad">;

/** A boost buys 1 to 30 days, never past the ad's last day. */
export const BOOST_MIN_DAYS = 1;
export const BOOST_MAX_DAYS = 30;
/** An extension adds 1 to 90 days to the ad's last day. */
export const EXTEND_MIN_DAYS = 1;
export const EXTEND_MAX_DAYS = 90;

export const ADD_ON_LABELS: Readonly<Record<AddOnPurpose, { action: string; title: string; noun: string; path: string }>> = {
  boost: { action: "Impulsionar", title: "Impulsionar anúncio", noun: "Impulso", path: "impulsionar" },
  extend: { action: "Prolongar", title: "Prolongar anúncio", noun: "Prolongamento", path: "prolongar" },
};

export const ADD_ON_MESSAGES = {
  notActive: "Só um anúncio ativo pode ser impulsionado ou prolongado.",
  invalidDays: "Escolha um número de dias válido.",
  boostTooLong: "O impulso não pode passar do último dia do anúncio.",
  extendTooLong: `Prolongue no máximo ${EXTEND_MAX_DAYS} dias de cada vez.`,
  boostAlreadyRunning: "Este anúncio já está impulsionado até o último dia dele.",
  adChanged: "O anúncio mudou depois de calculado o valor. Recarregue a página para ver o novo valor.",
  /** Said before the payer pays a boost (issue #36): the days run whatever happens to the ad. */
  boostKeepsRunning:
    "Os dias de impulso contam a partir do pagamento e continuam correndo se o anúncio deixar de estar público (pausado, vendido, expirado ou em análise): enquanto isso ele não aparece no topo das listas.",
  extendBindsEnd: "O novo último dia vale assim que o pagamento for confirmado; os dias já pagos não se perdem.",
  boostPaid: "Impulso confirmado!",
  boostPaidDescription: "Seu anúncio aparece entre os primeiros das listas da cidade e da categoria dele.",
  extendPaid: "Prolongamento confirmado!",
  extendPaidDescription: "O anúncio fica no ar até o novo último dia.",
} as const;

export type AddOnQuote = {
  purpose: AddOnPurpose;
  days: number;
  pricePerDayCents: number;
  totalCents: number;
  /** The last São Paulo day the purchase covers: the boost's last day, or the ad's new last day. */
  untilKey: string;
  /** The most days that can be bought now (0: none). */
  maxDays: number;
  cardAllowed: boolean;
};

/** The most days of boost an ad ending on `expirationKey` can take today (today counts). */
export function maxBoostDays(expirationKey: string, now: Date = new Date()): number {
  return Math.max(0, Math.min(BOOST_MAX_DAYS, daysBetweenKeys(todayKey(now), expirationKey) + 1));
}

/**
 * The quote of `days` of `purpose` for an ad whose last day is `expirationKey`, or the reason it
 * cannot be bought. A boost covers today and the next days (today counts: it starts when paid); an
 * extension adds days after the ad's last day and charges only those.
 */
export function addOnQuote(
  purpose: AddOnPurpose,
  days: number,
  expirationKey: string,
  pricePerDayCents: number,
  now: Date = new Date(),
): { ok: true; quote: AddOnQuote } | { ok: false; message: string } {
  const maxDays = purpose === "boost" ? maxBoostDays(expirationKey, now) : EXTEND_MAX_DAYS;
  const min = purpose === "boost" ? BOOST_MIN_DAYS : EXTEND_MIN_DAYS;
  if (!Number.isInteger(days) || days < min) return { ok: false, message: ADD_ON_MESSAGES.invalidDays };
  if (days > maxDays) {
    if (purpose === "extend") return { ok: false, message: ADD_ON_MESSAGES.extendTooLong };
    return { ok: false, message: days > BOOST_MAX_DAYS ? ADD_ON_MESSAGES.invalidDays : ADD_ON_MESSAGES.boostTooLong };
  }
  const untilKey = purpose === "boost" ? addDaysToKey(todayKey(now), days - 1) : addDaysToKey(expirationKey, days);
  const totalCents = days * Math.max(0, pricePerDayCents);
  return { ok: true, quote: { purpose, days, pricePerDayCents, totalCents, untilKey, maxDays, cardAllowed: totalCents >= CARD_MIN_CENTS } };
}

/** "3 dias de impulso" / "1 dia a mais". */
export function describeAddOn(purpose: AddOnPurpose, days: number): string {
  const unit = days === 1 ? "dia" : "dias";
  return purpose === "boost" ? `${days} ${unit} de impulso` : `${days} ${unit} a mais`;
}

/**
 * What POST /api/payments/create buys, from its body: `purpose` absent or "ad" (the ad's period), or
 * "boost" with `boostDays`, or "extend" with `extendDays` (either also takes `days`). Whole days,
 * as numbers or digit strings.
 */
export function purchaseFromBody(body: Record<string, unknown>): { purpose: "ad" } | { purpose: AddOnPurpose; days: number } | { error: string } {
  const purpose = body.purpose ?? "ad";
  if (purpose === "ad") return { purpose: "ad" };
  if (purpose !== "boost" && purpose !== "extend") return { error: 'Finalidade inválida: use "ad", "boost" ou "extend".' };
  const raw = (purpose === "boost" ? body.boostDays : body.extendDays) ?? body.days;
  const days = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(days)) return { error: ADD_ON_MESSAGES.invalidDays };
  return { purpose, days };
}

/** What /impulsionar/{id} and /prolongar/{id} show (add-on-page.server.ts answers it). */
export type AddOnPage = {
  ad: { id: number; title: string; lastDayText: string };
  purpose: AddOnPurpose;
  state: "form" | "open" | "unavailable";
  /** Why it cannot be bought now ('unavailable'). */
  notice: string | null;
  /** The days the chooser offers (1..maxDays) and the chosen quote, or the chooser's problem. */
  maxDays: number;
  quote: AddOnQuote | null;
  quoteProblem: string | null;
  /** The last day of the running boost ("12/12/2026"), for its owner. */
  boostedUntilText: string | null;
  open: { paymentId: number; method: PaymentMethod; amountCents: number; status: PaymentStatus; statusLabel: string; pixPayload: string | null; days: number | null } | null;
  /** The latest paid purchase of this kind, for its receipt link. */
  lastPaidId: number | null;
};
