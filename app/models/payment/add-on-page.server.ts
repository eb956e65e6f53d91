/**
 * The pages of a live ad's purchases, /impulsionar/{adId} and /prolongar/{adId} (ADR 037): which of
 * the day chooser and form, the open charge, or the reason it cannot be bought now to show, for the
 * ad's owner only (another user's ad reads as missing). The amounts come from add-on-checkout.server.ts.
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { payments, type Payment } from "~/db/schema";
import { expirationKeyFromInstant, formatDateKeyBR } from "~/lib/dates";
import { runningBoostOf } from "~/models/ad/boost.server";
import { addOnProblem, quoteAddOn } from "~/models/payment/add-on-checkout.server";
import { findOwnAd } from "~/models/payment/checkout.server";
import { openPaymentView } from "~/models/payment/read.server";
import { maxBoostDays, EXTEND_MAX_DAYS, type AddOnPage, type AddOnPurpose } from "~/models/payment/purchase";
import { OPEN_PAYMENT_STATUSES } from "~/models/payment-outbox/payment-outbox";


/** The ad's open charge of `purpose` (waiting to be paid), newest first. */
function openChargeOf(adId: number, purpose: AddOnPurpose): Payment | null {
  return (
    db
      .select()
      .from(payments)
      .where(and(eq(payments.adId, adId), eq(payments.purpose, purpose), inArray(payments.status, OPEN_PAYMENT_STATUSES), isNotNull(payments.asaasPaymentId)))
      .orderBy(desc(payments.id))
      .get() ?? null
  );
}

function lastPaidOf(adId: number, purpose: AddOnPurpose): number | null {
  const row = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.adId, adId), eq(payments.purpose, purpose), inArray(payments.status, ["confirmed", "received"])))
    .orderBy(desc(payments.id))
    .get();
  return row?.id ?? null;
}

const DEFAULT_DAYS: Record<AddOnPurpose, number> = { boost: 3, extend: 7 };

export async function getAddOnPage(adId: number, userId: number, purpose: AddOnPurpose, chosenDays: number | null, now: Date = new Date()): Promise<AddOnPage | null> {
  const own = findOwnAd(adId, userId);
  if (!own) return null;
  const lastDayKey = expirationKeyFromInstant(own.expirationDate);
  const running = purpose === "boost" ? runningBoostOf(adId, now) : null;
  const maxDays = purpose === "boost" ? maxBoostDays(lastDayKey, now) : EXTEND_MAX_DAYS;
  const base = {
    ad: { id: own.id, title: own.title, lastDayText: formatDateKeyBR(lastDayKey) },
    purpose,
    maxDays,
    quote: null,
    quoteProblem: null,
    notice: null,
    open: null,
    boostedUntilText: running ? formatDateKeyBR(expirationKeyFromInstant(running)) : null,
    lastPaidId: lastPaidOf(adId, purpose),
  };
  const open = openChargeOf(adId, purpose);
  if (open) {
    return {
      ...base,
      state: "open",
      open: { ...(await openPaymentView(open)), days: open.purchasedDays },
    };
  }
  const problem = addOnProblem(own, purpose, now);
  if (problem) return { ...base, state: "unavailable", notice: problem.message };
  const days = Math.min(chosenDays ?? DEFAULT_DAYS[purpose], maxDays);
  const quoted = quoteAddOn(own, purpose, days, now);
  return quoted.ok ? { ...base, state: "form", quote: quoted.quote } : { ...base, state: "form", quoteProblem: quoted.message };
}
