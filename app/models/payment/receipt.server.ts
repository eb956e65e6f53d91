/**
 * Receipts: the printable page /payment/{adId}/recibo (owner only) and the e-mail sent once, when a
 * payment becomes paid. Amount, method (PIX / Cartão Visa final 1111), date in São Paulo, the ad
 * (title and id) and the payment id. Beside it, the e-mail telling the payer an admin refunded it.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, payments, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { CARD_BRAND_LABELS, type CardBrand } from "~/lib/card";
import { formatDateTimeBR } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { displayName } from "~/models/account/user";
import { archiveUserId } from "~/models/ad/removal.server";
import { sellerSafetyLines } from "~/models/ad/seller-safety";
import { paymentStatusLabel, type PaymentMethod, type PaymentStatus } from "~/models/payment/payment";
import { sendMail } from "~/models/mail/mailer.server";

export type Receipt = {
  paymentId: number;
  adId: number;
  adTitle: string;
  amountCents: number;
  method: PaymentMethod;
  /** "PIX" or "Cartão Visa final 1111". */
  methodLabel: string;
  status: PaymentStatus;
  statusLabel: string;
  /** ISO instant of the confirmation. */
  paidAt: string;
  /** "22/11/2026 14:05" (São Paulo). */
  paidAtText: string;
  payerName: string | null;
  description: string | null;
};

/** What a receipt may be issued for: money that came in (a later refund is shown as such). */
const RECEIPT_STATUSES: PaymentStatus[] = ["confirmed", "received", "refunded"];

type Metadata = { cardBrand?: unknown; cardLast4?: unknown; payerName?: unknown } | null;

export function paymentMethodLabel(method: PaymentMethod, metadata: Metadata): string {
  if (method === "PIX") return "PIX";
  const last4 = typeof metadata?.cardLast4 === "string" ? metadata.cardLast4 : "";
  const brand = typeof metadata?.cardBrand === "string" ? CARD_BRAND_LABELS[metadata.cardBrand as CardBrand] : undefined;
  const name = brand && brand !== CARD_BRAND_LABELS.unknown ? `Cartão ${brand}` : "Cartão";
  return last4 ? `${name} final ${last4}` : "Cartão de Crédito";
}

const receiptColumns = {
  id: payments.id,
  adId: payments.adId,
  userId: payments.userId,
  amountCents: payments.amountCents,
  paymentMethod: payments.paymentMethod,
  status: payments.status,
  asaasStatus: payments.asaasStatus,
  confirmedDate: payments.confirmedDate,
  updatedAt: payments.updatedAt,
  description: payments.description,
  metadata: payments.metadata,
  adTitle: ads.title,
};

type ReceiptRow = {
  id: number;
  adId: number;
  amountCents: number;
  paymentMethod: PaymentMethod;
  status: PaymentStatus;
  asaasStatus: string | null;
  confirmedDate: Date | null;
  updatedAt: Date;
  description: string | null;
  metadata: Record<string, unknown> | null;
  adTitle: string;
};

function toReceipt(row: ReceiptRow): Receipt {
  const paidAt = row.confirmedDate ?? row.updatedAt;
  const metadata = row.metadata as Metadata;
  return {
    paymentId: row.id,
    adId: row.adId,
    adTitle: row.adTitle,
    amountCents: row.amountCents,
    method: row.paymentMethod,
    methodLabel: paymentMethodLabel(row.paymentMethod, metadata),
    status: row.status,
    statusLabel: paymentStatusLabel(row),
    paidAt: paidAt.toISOString(),
    paidAtText: formatDateTimeBR(paidAt),
    payerName: typeof metadata?.payerName === "string" ? metadata.payerName : null,
    description: row.description,
  };
}

/**
 * The receipt of the owner's ad: payment `paymentId` when given (it must be this ad's), otherwise
 * the ad's latest paid one. Null when the ad is not the user's or nothing was paid.
 */
export function getReceipt(input: { adId: number; userId: number; paymentId?: number | null }): Receipt | null {
  const conditions = [eq(payments.adId, input.adId), eq(payments.userId, input.userId), eq(ads.userId, input.userId), inArray(payments.status, RECEIPT_STATUSES)];
  if (input.paymentId) conditions.push(eq(payments.id, input.paymentId));
  const row = db
    .select(receiptColumns)
    .from(payments)
    .innerJoin(ads, eq(ads.id, payments.adId))
    .where(and(...conditions))
    .orderBy(desc(payments.id))
    .get();
  return row ? toReceipt(row) : null;
}

/** A payment with its ad and its payer's name and address, for the e-mails about it. */
function paymentWithPayer(paymentId: number) {
  return db
    .select({ ...receiptColumns, email: users.email, fullName: users.fullName, username: users.username })
    .from(payments)
    .innerJoin(ads, eq(ads.id, payments.adId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId))
    .get();
}

/** The e-mail sent when a payment becomes paid (SMTP, or an .eml file in DATA_DIR/outbox). */
export async function sendPaymentReceipt(paymentId: number): Promise<void> {
  const row = paymentWithPayer(paymentId);
  if (!row) return;
  const receipt = toReceipt(row);
  const link = `${getEnv().publicOrigin}/payment/${receipt.adId}/recibo?pagamento=${receipt.paymentId}`;
  await sendMail({
    to: row.email,
    subject: `Recibo do pagamento nº ${receipt.paymentId} — Classificados Patos`,
    text: [
      `Olá, ${displayName(row)}!`,
      "",
      "Recebemos o pagamento do seu anúncio. Obrigado!",
      "",
      `Anúncio: ${receipt.adTitle} (nº ${receipt.adId})`,
      `Valor: ${formatBRL(receipt.amountCents)}`,
      `Forma de pagamento: ${receipt.methodLabel}`,
      `Data: ${receipt.paidAtText} (horário de Brasília)`,
      `Pagamento nº ${receipt.paymentId}`,
      "",
      "Recibo para imprimir:",
      link,
      "",
      // Whoever just paid for an ad is about to sell: the fake-receipt scam, in the words of the dashboard.
      ...sellerSafetyLines(),
      "",
      "Classificados Patos — Patos de Minas e região",
    ].join("\n"),
  });
}

/**
 * The e-mail sent when an admin refunds a payment (refund.server.ts): amount, method, the ad, and
 * whether the ad was paused. Nothing is sent when the payer's account is gone (its payments belong
 * to the internal "conta removida" holder, which has no mailbox). `byHand`: the refund was only
 * recorded (the local gateway sends no money), so the e-mail says the team gives the money back, never
 * that it went back.
 */
export async function sendRefundNotice(paymentId: number, { adPaused, byHand }: { adPaused: boolean; byHand: boolean }): Promise<void> {
  const row = paymentWithPayer(paymentId);
  if (!row || row.userId === archiveUserId()) return;
  const receipt = toReceipt(row);
  // A removed ad's payments sit on the archive's placeholder ad: name the ad they paid for instead.
  const removed = (row.metadata?.removedAd as { id?: unknown } | undefined)?.id;
  const adLine = typeof removed === "number" ? `Anúncio nº ${removed} (removido)` : `${receipt.adTitle} (nº ${receipt.adId})`;
  const amount = formatBRL(receipt.amountCents);
  await sendMail({
    to: row.email,
    subject: byHand ? `Estorno do pagamento nº ${receipt.paymentId} registrado — Classificados Patos` : `Pagamento nº ${receipt.paymentId} estornado — Classificados Patos`,
    text: [
      `Olá, ${displayName(row)}!`,
      "",
      byHand
        ? `Registramos o estorno do pagamento de ${amount} do seu anúncio. O valor ainda não foi devolvido: a devolução é feita manualmente pela nossa equipe, para a conta que pagou.`
        : `Estornamos o pagamento de ${amount} do seu anúncio. O valor volta pela mesma forma de pagamento: no PIX, para a conta que pagou; no cartão, como crédito na fatura (o prazo depende do banco).`,
      "",
      `Anúncio: ${adLine}`,
      `${byHand ? "Valor a devolver" : "Valor estornado"}: ${amount}`,
      `Forma de pagamento: ${receipt.methodLabel}`,
      `Pagamento nº ${receipt.paymentId}`,
      "",
      adPaused
        ? "Como o pagamento foi estornado, o anúncio foi pausado e não aparece mais no site."
        : "Este estorno não muda o seu anúncio.",
      "",
      `Seus anúncios: ${getEnv().publicOrigin}/dashboard`,
      "",
      "Classificados Patos — Patos de Minas e região",
    ].join("\n"),
  });
}
