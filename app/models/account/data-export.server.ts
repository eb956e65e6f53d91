/**
 * "Baixar meus dados" (LGPD art. 18, access and portability): everything the site keeps about the
 * user in one JSON document — the profile, the ads (with photos, characteristics and the moderation's
 * verdict), the payments and the AI description usage. Secrets are left out: the password hash, reset
 * tokens, session ids and the PIX payload of open charges are not the user's data but keys to it.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adDrafts, adImages, ads, aiUsage, categories, moderationDecisions, payments, subcategories, users } from "~/db/schema";
import { centsToDecimalString } from "~/lib/money";
import { expirationKeyFromInstant } from "~/lib/dates";
import { effectiveStatus } from "~/models/ad/ad";
import { imageUrl } from "~/services/images.server";
import { conversationsForExport } from "~/models/message/privacy.server";

export const DATA_EXPORT_VERSION = 1;

export function exportUserData(userId: number, origin: string, now: Date = new Date()) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const adRows = db
    .select({ ad: ads, categoryName: categories.name, subcategoryName: subcategories.name })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .where(eq(ads.userId, userId))
    .orderBy(asc(ads.id))
    .all();
  const adIds = adRows.map((row) => row.ad.id);
  const photos = adIds.length ? db.select().from(adImages).where(inArray(adImages.adId, adIds)).orderBy(asc(adImages.adId), asc(adImages.order)).all() : [];
  const decisions = adIds.length
    ? db.select().from(moderationDecisions).where(inArray(moderationDecisions.adId, adIds)).orderBy(asc(moderationDecisions.id)).all()
    : [];
  const paymentRows = db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)).all();
  const usage = db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(asc(aiUsage.month)).all();
  const draft = db.select().from(adDrafts).where(eq(adDrafts.userId, userId)).get();

  return {
    exportedAt: now.toISOString(),
    format: `classificados-patos/dados-pessoais v${DATA_EXPORT_VERSION}`,
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      whatsapp: user.phone,
      signIn: user.provider,
      hasPassword: Boolean(user.password),
      googleAccount: Boolean(user.googleId),
      avatar: user.avatar,
      isAdmin: user.isAdmin,
      // 'Avisos de queda de preço' in /conta (ADR 039).
      priceDropAlerts: user.priceDropAlerts,
      createdAt: user.createdAt.toISOString(),
    },
    ads: adRows.map(({ ad, categoryName, subcategoryName }) => ({
      id: ad.id,
      title: ad.title,
      description: ad.description,
      price: ad.priceCents ? centsToDecimalString(ad.priceCents) : "",
      adCost: centsToDecimalString(ad.adCostCents),
      adType: ad.adType,
      condition: ad.condition,
      status: effectiveStatus(ad, now),
      category: categoryName,
      subcategory: subcategoryName,
      characteristics: ad.characteristics,
      whatsapp: ad.whatsapp,
      city: ad.city,
      state: ad.state,
      lastDay: expirationKeyFromInstant(ad.expirationDate),
      views: ad.views,
      moderation: ad.moderation,
      moderationDecisions: decisions
        .filter((decision) => decision.adId === ad.id)
        .map((decision) => ({ decision: decision.decision, reason: decision.reason, at: decision.createdAt.toISOString() })),
      photos: photos.filter((photo) => photo.adId === ad.id).map((photo) => `${origin}${imageUrl(photo.publicId)}`),
      createdAt: ad.createdAt.toISOString(),
      updatedAt: ad.updatedAt.toISOString(),
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      adId: payment.adId,
      amount: centsToDecimalString(payment.amountCents),
      method: payment.paymentMethod,
      status: payment.status,
      gatewayStatus: payment.asaasStatus,
      gatewayPaymentId: payment.asaasPaymentId,
      description: payment.description,
      details: payment.metadata,
      dueDate: payment.dueDate?.toISOString() ?? null,
      confirmedDate: payment.confirmedDate?.toISOString() ?? null,
      createdAt: payment.createdAt.toISOString(),
    })),
    aiUsage: usage.map((row) => ({ month: row.month, geminiCalls: row.geminiCalls, openaiCalls: row.openaiCalls, totalCalls: row.totalCalls })),
    adDraft: draft ? { data: draft.data, updatedAt: draft.updatedAt.toISOString() } : null,
    // Buyers' and sellers' conversations (issue #37), the other side by public name only.
    conversations: conversationsForExport(userId),
  };
}

export type UserDataExport = NonNullable<ReturnType<typeof exportUserData>>;
