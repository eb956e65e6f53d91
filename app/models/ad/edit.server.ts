/**
 * Editing and reactivating an existing ad: the /edit-ad/{id} page and PUT /api/ads/{id} (spec 02 §2,
 * §4, §5, §6). Who may edit what is in manage.ts (shared with the screens); the rules kept here:
 *
 * - the category must be active, the subcategory one of its own; the characteristics are checked
 *   against the (possibly new) category's definitions, free pairs kept;
 * - the expiration stays while the ad is active; otherwise a changed date is at least today + 3 and at
 *   most a year ahead (an unchanged one is kept as it is);
 * - the status: locked (the server's) while pending_payment or reactivating, otherwise required and one
 *   of the statuses the actor may reach; an expired ad becomes pending_payment (reactivation);
 * - adCost is recomputed whenever the ad will be paid for again; views, userId, city never change here;
 * - changed text goes through the automatic moderation again: "rejected" saves nothing (422 with the
 *   reasons); "needs_review" on an owner's live ad sends it to the admin queue (pending);
 * - a changed price, type or subcategory on an owner's published ad runs the payment's fraud signals
 *   again (lifecycle.server.ts holdChangedLiveAd): a hit sends it to the admin queue too, and the
 *   result carries the reasons for the owner;
 * - a changed price is kept for the price-drop rule (price-drop.server.ts): the owner's cut of an active
 *   ad may show as a drop, and the result says so, for the savers' e-mails.
 */
import { and, eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, categories, users } from "~/db/schema";
import { expirationInstantFromKey, expirationKeyFromInstant, isValidDateKey } from "~/lib/dates";
import { formatWhatsapp } from "~/lib/whatsapp";
import { effectiveStatus, type AdModeration, type AdStatus } from "~/models/ad/ad";
import type { AdEditFields, EditableAd } from "~/models/ad/ad-edit";
import { AD_FORM_MESSAGES, generatedTitle } from "~/models/ad/ad-form";
import { checkCharacteristicValues } from "~/models/ad/characteristic-values";
import { adCostCents } from "~/models/ad/cost";
import { holdChangedLiveAd } from "~/models/ad/lifecycle.server";
import { editConstraints, editRefusal, MANAGE_MESSAGES, statusChangeMessage, type Actor, type EditConstraints } from "~/models/ad/manage";
import { moderateAdContent } from "~/models/ad/moderation.server";
import { priceChange } from "~/models/ad/price-drop.server";
import { archiveUserId } from "~/models/ad/removal.server";
import { CHANGED_MEANWHILE, paidMoneyWasReversed } from "~/models/ad/status.server";
import { characteristicDefinitions, checkAdCategory, expirationDayError, photosOfAd, type AdWriteRefusal } from "~/models/ad/write.server";
import { sendQueuedWithdrawals, withdrawOpenCharges } from "~/models/payment-outbox/withdrawal-queue.server";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";

/** The same refusal as creating an ad (field errors, moderation reasons), and one more case. */
export type EditRefusal = AdWriteRefusal & {
  /** The owner opened a paused ad: the page offers 'Reativar' instead (spec 02 §4). */
  paused?: boolean;
};

function loadAd(adId: number) {
  const row = db
    .select({ ad: ads, categoryName: categories.name, ownerName: users.fullName })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, adId))
    .get();
  if (!row || row.ad.userId === archiveUserId()) return null;
  // A refund's pause: its owner pays again through the reactivation (manage.ts editConstraints).
  return { ...row, ad: { ...row.ad, refundPaused: row.ad.status === "paused" && paidMoneyWasReversed(adId) } };
}

/** The ad for the edit page, or why the actor may not edit it (403 not theirs, 404 missing, 409 not editable now). */
export function getAdForEdit(
  adId: number,
  actor: Actor,
  now: Date = new Date(),
): { ok: true; ad: EditableAd; constraints: EditConstraints } | EditRefusal {
  const row = loadAd(adId);
  if (!row) return { ok: false, status: 404, message: MANAGE_MESSAGES.notFound };
  const { ad } = row;
  const problem = editRefusal(ad, actor, now);
  if (problem) {
    const status = effectiveStatus(ad, now);
    return { ok: false, status: ad.userId === actor.id || actor.isAdmin ? 409 : 403, message: problem, paused: status === "paused" && ad.userId === actor.id };
  }
  return {
    ok: true,
    constraints: editConstraints(ad, actor, now),
    ad: {
      id: ad.id,
      title: ad.title,
      description: ad.description,
      priceCents: ad.priceCents,
      adType: ad.adType,
      categoryId: ad.categoryId,
      categoryName: row.categoryName,
      subcategoryId: ad.subcategoryId,
      whatsapp: ad.whatsapp ?? "",
      status: effectiveStatus(ad, now),
      storedStatus: ad.status,
      expirationDay: expirationKeyFromInstant(ad.expirationDate),
      createdAt: ad.createdAt.toISOString(),
      views: ad.views,
      characteristics: ad.characteristics ?? {},
      userId: ad.userId,
      ownerName: row.ownerName,
    },
  };
}

/** `reviewReasons`: why the fraud signals sent the edited ad to the admin queue, empty when they did not. */
/** `priceDropped`: the owner's cut showed as a price drop (the savers are e-mailed once the ad is public). */
export type EditResult =
  | { ok: true; adId: number; status: AdStatus; leadsToPayment: boolean; byOwner: boolean; reviewReasons: string[]; priceDropped: boolean }
  | EditRefusal;

export async function updateAd(adId: number, actor: Actor, input: AdEditFields, now: Date = new Date()): Promise<EditResult> {
  const found = getAdForEdit(adId, actor, now);
  if (!found.ok) return found;
  const row = loadAd(adId)!;
  const stored = row.ad;
  const { constraints } = found;
  const fieldErrors: Record<string, string> = {};

  const { category, subcategoryId } = checkAdCategory(input.categoryId, input.subcategoryId, fieldErrors);

  // Expiration: kept while active; otherwise required, and a changed day within [today + 3, today + 365].
  let expirationDay = found.ad.expirationDay;
  if (!constraints.expirationLocked) {
    const asked = input.expirationDate;
    // The day it already has is kept as it is (it may be nearer than today + 3 by now), unless reactivating.
    const kept = asked === expirationDay && !constraints.reactivating && isValidDateKey(asked);
    if (!kept) {
      const error = expirationDayError(asked, now);
      if (error) fieldErrors.expirationDate = error;
      else expirationDay = asked!;
    }
  }

  // Status: the server's while locked; otherwise required and reachable by this actor.
  let status: AdStatus = constraints.reactivating ? "pending_payment" : stored.status;
  if (!constraints.statusLocked) {
    if (!input.status) fieldErrors.status = MANAGE_MESSAGES.statusRequired;
    else if (!constraints.statusOptions.includes(input.status)) fieldErrors.status = statusChangeMessage(stored.status, input.status);
    else status = input.status;
  }

  // Characteristics of the (possibly new) category; free pairs (names no category defines) are kept.
  const oldNames = new Set(characteristicDefinitions(stored.categoryId).map((d) => d.name));
  const definitions = category ? characteristicDefinitions(category.id) : [];
  const newNames = new Set(definitions.map((d) => d.name));
  const sameCategory = category?.id === stored.categoryId;
  const raw: Record<string, string | undefined> = input.characteristics ?? (sameCategory ? (stored.characteristics ?? {}) : {});
  const checked = checkCharacteristicValues(definitions, raw);
  for (const [name, message] of Object.entries(checked.errors)) fieldErrors[`characteristics.${name}`] = message;

  if (!category || Object.keys(fieldErrors).length > 0) {
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0] ?? MANAGE_MESSAGES.updateError, fieldErrors };
  }

  const characteristics: Record<string, string> = { ...checked.values };
  for (const [name, value] of Object.entries(stored.characteristics ?? {})) {
    if (!oldNames.has(name) && !newNames.has(name) && !(name in characteristics)) characteristics[name] = value;
  }
  // A title that was the generated one follows the new type and category.
  const typed = input.title.trim();
  const title = !typed || typed === generatedTitle(stored.adType, row.categoryName) ? generatedTitle(input.adType, category.name) : typed;
  const description = input.description.trim();

  let moderation: AdModeration | null = stored.moderation;
  const textChanged =
    title !== stored.title ||
    description !== stored.description ||
    category.id !== stored.categoryId ||
    JSON.stringify(characteristics) !== JSON.stringify(stored.characteristics ?? {});
  if (textChanged) {
    const labels = new Map(definitions.map((d) => [d.name, d.label]));
    moderation = await moderateAdContent({
      title,
      description,
      characteristics: Object.entries(characteristics).map(([name, value]) => `${labels.get(name) ?? name}: ${value}`),
      categoryName: category.name,
      photoIds: photosOfAd(adId).map((photo) => photo.publicId),
    });
    if (moderation.recommendation === "rejected") {
      return { ok: false, status: 422, message: AD_FORM_MESSAGES.rejectedTitle, details: moderation.issues, suggestion: moderation.suggestion };
    }
    // A live ad whose new text needs a person waits in the admin queue (an admin's own edit is that review).
    if (moderation.recommendation === "needs_review" && status === "active" && !actor.isAdmin) status = "pending";
  }

  const paysAgain = constraints.leadsToPayment;
  // What the price signal judges on (ADR 020); an unpaid ad is checked by its payment, an admin's edit is the review.
  const recheck =
    !paysAgain && !actor.isAdmin && (input.price !== stored.priceCents || input.adType !== stored.adType || subcategoryId !== stored.subcategoryId);
  const newExpiration = expirationInstantFromKey(expirationDay);
  const periodChanged = newExpiration.getTime() !== stored.expirationDate.getTime();
  const saved = writeTransaction((tx) => {
    const updated = tx
    .update(ads)
    .set({
      title,
      description,
      priceCents: input.price,
      adType: input.adType,
      categoryId: category.id,
      subcategoryId,
      characteristics,
      whatsapp: input.whatsapp ? formatWhatsapp(input.whatsapp) : null,
      expirationDate: newExpiration,
      status,
      ...(paysAgain ? { adCostCents: adCostCents(expirationDay, getAdPricePerDayCents(), now) } : {}),
      moderation,
      updatedAt: now,
    })
    // The status it was decided on: a payment confirmed meanwhile is never overwritten.
    .where(and(eq(ads.id, adId), eq(ads.status, stored.status)))
    .run();
    if (updated.changes === 0) return null;
    const byOwnerOfLiveAd = stored.userId === actor.id && found.ad.status === "active";
    const drop = priceChange(tx, stored, input.price, byOwnerOfLiveAd, now);
    if (Object.keys(drop.set).length > 0) tx.update(ads).set(drop.set).where(eq(ads.id, adId)).run();
    const reviewReasons = recheck ? holdChangedLiveAd(tx, adId, now) : [];
    // A charge quoted for the old period must not publish the new one: withdrawn, quoted again on payment.
    return { reviewReasons, priceDropped: drop.dropped, withdrawn: periodChanged ? withdrawOpenCharges(tx, [adId], "superseded", now) : [] };
  });
  if (saved === null) return { ok: false, status: 409, message: CHANGED_MEANWHILE };
  sendQueuedWithdrawals(saved.withdrawn);
  const { reviewReasons, priceDropped } = saved;
  return { ok: true, adId, status: reviewReasons.length ? "pending" : status, leadsToPayment: paysAgain, byOwner: stored.userId === actor.id, reviewReasons, priceDropped };
}
