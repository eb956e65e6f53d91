/**
 * Refunds by an admin (/admin/payments): giving a paid payment's money back at the gateway (Asaas:
 * POST /payments/{id}/refund; local: only recorded), and the page's lists — the money owed back
 * first ('Reembolsos pendentes': payments that bought nothing, charges paid after we withdrew them),
 * then the recent payments.
 *
 * A refund is three steps, because the gateway call cannot sit inside a SQLite transaction:
 *   1. claim it in an immediate transaction (a marker in the payment's metadata), so two admins
 *      clicking at once, on any worker, cannot both call the gateway;
 *   2. ask the gateway; a failure lets the claim go, so the admin may try again;
 *   3. apply REFUNDED through the one status path (confirmation.server.ts: payment refunded, the ad
 *      paused unless something else keeps it paid), record who and when, e-mail the payer.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { db, writeTransaction, type Writer } from "~/db/client.server";
import { ads, chargeWithdrawals, payments, users, type Payment } from "~/db/schema";
import { formatDateTimeBR } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { archiveUserId } from "~/models/ad/removal.server";
import { applyPaymentStatus } from "~/models/payment/confirmation.server";
import { isLocalGateway, paymentGateway } from "~/models/payment/gateway.server";
import { RETURN_BY_HAND, returnByHandOf } from "~/models/payment/refund-by-hand.server";
import { FREE_GATEWAY_STATUS, isPaidPaymentStatus, PAYMENT_MESSAGES, paymentStatusLabel, type PaymentStatus } from "~/models/payment/payment";
import { paymentMethodLabel, sendRefundNotice } from "~/models/payment/receipt.server";
import { GatewayError, type GatewayPaymentStatus } from "~/services/payments/gateway";
import type { AdminPaymentRow, PaymentAdRef, PaymentPayer, PendingRefund } from "~/models/payment/admin-payment";
import { adPath } from "~/models/ad/ad";

export const REFUND_MESSAGES = {
  notFound: PAYMENT_MESSAGES.paymentNotFound,
  alreadyRefunded: "Este pagamento já foi estornado.",
  inProgress: "Este pagamento já está sendo estornado. Aguarde alguns instantes e recarregue a página.",
  free: "Esta publicação foi gratuita (R$ 0,00): não há valor a estornar.",
  noCharge: "Este pagamento não tem cobrança registrada no serviço de pagamento: não é possível estorná-lo por aqui.",
  notConfirmed: "O serviço de pagamento não confirmou o estorno. Confira a cobrança no painel do Asaas antes de tentar de novo.",
  refunded: "Pagamento estornado",
  recorded: "Estorno registrado",
  refundError: "Erro ao estornar",
} as const;

/** Why a payment cannot be refunded ("Só um pagamento confirmado…"), for the 409 and the page. */
function notPaidMessage(status: PaymentStatus, asaasStatus: string | null) {
  return `Só um pagamento confirmado pode ser estornado: este está "${paymentStatusLabel({ status, asaasStatus })}".`;
}

/** A claim older than this was left by a worker that died mid-call: it may be taken over. */
const CLAIM_STALE_MS = 5 * 60_000;

type RefundClaim = { token: string; by: number; at: string };

type Refusal = { ok: false; status: number; message: string };

export type RefundOutcome =
  | {
      ok: true;
      /** The refund paused the ad (it was live on this payment). */
      adPaused: boolean;
      /** Only recorded (the local gateway): nothing sent the money back, the admin must. */
      byHand: boolean;
      /** The e-mail to the payer being sent (null: no account to write to), for callers that want to wait. */
      notice: Promise<void> | null;
    }
  | Refusal;

const refusal = (status: number, message: string): Refusal => ({ ok: false, status, message });

function claimOf(metadata: Record<string, unknown> | null): RefundClaim | null {
  const claim = metadata?.refundClaim as RefundClaim | undefined;
  return claim && typeof claim.token === "string" && typeof claim.at === "string" ? claim : null;
}

/**
 * Did this payment's money arrive? Paid, flagged as owed back, or a charge we had withdrawn that was
 * paid anyway (its row remembers it even when the payment's status does not say paid).
 */
function moneyArrived(tx: Writer, payment: Pick<Payment, "id" | "status" | "refundDueReason">): boolean {
  if (isPaidPaymentStatus(payment.status) || payment.refundDueReason !== null) return true;
  const row = tx
    .select({ id: chargeWithdrawals.id })
    .from(chargeWithdrawals)
    .where(and(eq(chargeWithdrawals.paymentId, payment.id), isNotNull(chargeWithdrawals.paidAt)))
    .get();
  return Boolean(row);
}

type Refundable = Pick<Payment, "status" | "asaasStatus" | "amountCents" | "asaasPaymentId">;

/** The rule, written once for the action and the page's 'Estornar' buttons: null when it may be refunded. */
function refusalOf(payment: Refundable, moneyIn: boolean): Refusal | null {
  if (payment.status === "refunded") return refusal(409, REFUND_MESSAGES.alreadyRefunded);
  if (payment.amountCents <= 0 || payment.asaasStatus === FREE_GATEWAY_STATUS) return refusal(409, REFUND_MESSAGES.free);
  if (!moneyIn) return refusal(409, notPaidMessage(payment.status, payment.asaasStatus));
  if (!payment.asaasPaymentId) return refusal(409, REFUND_MESSAGES.noCharge);
  return null;
}

/** Step 1: checks the rule and takes the claim in one immediate transaction. */
function claimRefund(paymentId: number, adminId: number, now: Date): { ok: true; token: string; gatewayPaymentId: string } | Refusal {
  return writeTransaction((tx) => {
    const payment = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return refusal(404, REFUND_MESSAGES.notFound);
    const refused = refusalOf(payment, moneyArrived(tx, payment));
    if (refused) return refused;
    const current = claimOf(payment.metadata);
    if (current && now.getTime() - Date.parse(current.at) < CLAIM_STALE_MS) return refusal(409, REFUND_MESSAGES.inProgress);
    const claim: RefundClaim = { token: randomUUID(), by: adminId, at: now.toISOString() };
    tx.update(payments)
      .set({ metadata: { ...payment.metadata, refundClaim: claim } })
      .where(eq(payments.id, paymentId))
      .run();
    return { ok: true, token: claim.token, gatewayPaymentId: payment.asaasPaymentId! };
  });
}

/** Drops our claim (and, once refunded, writes who refunded and when). Another admin's claim is left alone. */
function settleClaim(paymentId: number, token: string, refunded: { by: number; at: Date; byHand: boolean } | null) {
  writeTransaction((tx) => {
    const payment = tx.select({ metadata: payments.metadata }).from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return;
    const metadata = { ...payment.metadata };
    if (claimOf(metadata)?.token === token) delete metadata.refundClaim;
    if (refunded) Object.assign(metadata, { refundedBy: refunded.by, refundedAt: refunded.at.toISOString(), ...(refunded.byHand ? { [RETURN_BY_HAND]: true } : {}) });
    tx.update(payments).set({ metadata }).where(eq(payments.id, paymentId)).run();
  });
}

const noticesInFlight = new Set<Promise<void>>();

/** Resolves once every refund e-mail started so far is sent (or failed): for shutdown and tests. */
export async function settleRefundNotices(): Promise<void> {
  await Promise.allSettled([...noticesInFlight]);
}

/**
 * An admin gives payment `paymentId`'s money back. 404 when there is no such payment, 409 when it is
 * not refundable (not paid, already refunded or being refunded, a free publication, no charge at the
 * gateway); a gateway failure answers its status and pt-BR message (never thrown), and the payment
 * stays as it was. The payer's e-mail is sent after the commit, not awaited (errors are logged).
 */
export async function refundPayment(paymentId: number, adminId: number, now: Date = new Date()): Promise<RefundOutcome> {
  const claim = claimRefund(paymentId, adminId, now);
  if (!claim.ok) return claim;

  let answer: GatewayPaymentStatus;
  try {
    answer = await paymentGateway().refundCharge(claim.gatewayPaymentId);
  } catch (error) {
    settleClaim(paymentId, claim.token, null);
    if (!(error instanceof GatewayError)) throw error;
    console.error(`[payments] refund of payment ${paymentId} (${claim.gatewayPaymentId}) failed: ${error.message}`);
    return refusal(error.status, error.userMessage);
  }
  if (answer.status !== "REFUNDED") {
    settleClaim(paymentId, claim.token, null);
    console.error(`[payments] refund of payment ${paymentId} (${claim.gatewayPaymentId}): the gateway answered ${answer.gatewayStatus}`);
    return refusal(502, REFUND_MESSAGES.notConfirmed);
  }

  const applied = applyPaymentStatus(paymentId, { status: "REFUNDED", gatewayStatus: answer.gatewayStatus }, now);
  // The local gateway sends no money back: the admin must, by hand, and says so on the page later.
  const byHand = isLocalGateway();
  settleClaim(paymentId, claim.token, { by: adminId, at: now, byHand });
  const adPaused = applied?.adStatus === "paused";
  const sending = sendRefundNotice(paymentId, { adPaused, byHand }).catch((error: unknown) => {
    console.error(`[payments] refund e-mail for payment ${paymentId} failed:`, error);
  });
  noticesInFlight.add(sending);
  return { ok: true, adPaused, byHand, notice: sending.finally(() => noticesInFlight.delete(sending)) };
}

// ---------------------------------------------------------------------------------------------
// The page's lists


const WITHDRAWAL_REASONS: Record<string, string> = {
  superseded: "Pago depois de a cobrança ser substituída (o período do anúncio mudou)",
  ad_removed: "Pago depois de o anúncio ser removido",
  replaced: "Pago depois de o pagador escolher outra cobrança",
  restored: "Pago depois de a cobrança ser retirada",
};

/** The stored reason in words: a known code gets its sentence, free text is shown as written. */
function reasonText(reason: string): string {
  return WITHDRAWAL_REASONS[reason] ?? reason;
}

const rowColumns = {
  payment: payments,
  adTitle: ads.title,
  adUserId: ads.userId,
  userEmail: users.email,
  userFullName: users.fullName,
  userUsername: users.username,
};

/** Payments with their ad's title and owner and their payer: what the page's rows are made of. */
function joinedPayments() {
  return db.select(rowColumns).from(payments).leftJoin(ads, eq(ads.id, payments.adId)).leftJoin(users, eq(users.id, payments.userId));
}

type JoinedRow = {
  payment: Payment;
  adTitle: string | null;
  adUserId: number | null;
  userEmail: string | null;
  userFullName: string | null;
  userUsername: string | null;
};

function adRef(adId: number, title: string | null, adUserId: number | null, metadata: Record<string, unknown> | null, archive: number | null): PaymentAdRef {
  // A removed ad's payments sit on the archive's placeholder ad; the metadata says which ad they paid.
  const removed = metadata?.removedAd as { id?: unknown } | undefined;
  if (removed && typeof removed.id === "number") return { id: removed.id, title: `Anúncio nº ${removed.id} (removido)`, href: null };
  if (title === null || (archive !== null && adUserId === archive)) return { id: adId, title: `Anúncio nº ${adId} (removido)`, href: null };
  return { id: adId, title, href: adPath({ id: adId, title }) };
}

function payerOf(row: Pick<JoinedRow, "userEmail" | "userFullName" | "userUsername">, userId: number, metadata: Record<string, unknown> | null, archive: number | null): PaymentPayer {
  if (row.userEmail === null || userId === archive) return { name: "Conta removida", email: null };
  const payerName = typeof metadata?.payerName === "string" && metadata.payerName.trim() ? metadata.payerName : null;
  return { name: payerName ?? row.userFullName ?? row.userUsername ?? row.userEmail, email: row.userEmail };
}

function toRow(row: JoinedRow, archive: number | null): AdminPaymentRow {
  const p = row.payment;
  const date = p.confirmedDate ?? p.createdAt;
  const refundedAt = typeof p.metadata?.refundedAt === "string" ? new Date(p.metadata.refundedAt) : null;
  return {
    id: p.id,
    date: date.toISOString(),
    dateText: formatDateTimeBR(date),
    ad: adRef(p.adId, row.adTitle, row.adUserId, p.metadata, archive),
    payer: payerOf(row, p.userId, p.metadata, archive),
    methodLabel: paymentMethodLabel(p.paymentMethod, p.metadata),
    amountText: formatBRL(p.amountCents),
    status: p.status,
    statusLabel: paymentStatusLabel(p),
    refundDue: p.refundDueReason !== null,
    refundable: refusalOf(p, isPaidPaymentStatus(p.status) || p.refundDueReason !== null) === null,
    refundedAtText: refundedAt && !Number.isNaN(refundedAt.getTime()) ? formatDateTimeBR(refundedAt) : null,
    returnByHand: returnByHandOf(p.metadata),
  };
}

/** The money owed back, oldest first: refund-due payments, and withdrawn charges paid anyway. */
export function listPendingRefunds(): PendingRefund[] {
  const archive = archiveUserId();
  const flagged = joinedPayments()
    .where(and(isNotNull(payments.refundDueReason), ne(payments.status, "refunded")))
    .orderBy(payments.id)
    .all();
  const items: PendingRefund[] = flagged.map((row) => {
    const p = row.payment;
    const date = p.confirmedDate ?? p.updatedAt;
    // Flagged means the money arrived, whatever the status says.
    const refused = refusalOf(p, true);
    return {
      key: `p${p.id}`,
      paymentId: p.id,
      dateText: formatDateTimeBR(date),
      reason: reasonText(p.refundDueReason!),
      ad: adRef(p.adId, row.adTitle, row.adUserId, p.metadata, archive),
      payer: payerOf(row, p.userId, p.metadata, archive),
      amountCents: p.amountCents,
      amountText: formatBRL(p.amountCents),
      refundable: refused === null,
      note: refused?.message ?? null,
    };
  });

  // Withdrawn charges paid anyway whose payment is not flagged above (nor refunded): the queue row
  // is what remembers them, whatever became of the payment.
  const withdrawn = db
    .select({ ...rowColumns, withdrawal: chargeWithdrawals })
    .from(chargeWithdrawals)
    .leftJoin(payments, eq(payments.id, chargeWithdrawals.paymentId))
    .leftJoin(ads, eq(ads.id, chargeWithdrawals.adId))
    .leftJoin(users, eq(users.id, chargeWithdrawals.userId))
    .where(
      and(
        isNotNull(chargeWithdrawals.paidAt),
        or(isNull(payments.id), and(ne(payments.status, "refunded"), isNull(payments.refundDueReason))),
      ),
    )
    .orderBy(chargeWithdrawals.id)
    .all();
  for (const row of withdrawn) {
    const w = row.withdrawal;
    const p = row.payment;
    const refused = p ? refusalOf(p, true) : refusal(404, "O registro do pagamento não existe mais: estorne pelo painel do serviço de pagamento.");
    items.push({
      key: `w${w.id}`,
      paymentId: p?.id ?? null,
      dateText: formatDateTimeBR(w.paidAt!),
      reason: reasonText(w.reason),
      ad: adRef(w.adId, row.adTitle, row.adUserId, p?.metadata ?? null, archive),
      payer: payerOf(row, w.userId, p?.metadata ?? null, archive),
      amountCents: w.amountCents,
      amountText: formatBRL(w.amountCents),
      refundable: refused === null,
      note: refused?.message ?? null,
    });
  }
  return items;
}

export const PAYMENTS_PAGE_SIZE = 30;

/** The payments of page `page` (1 = newest), and whether an older page exists. */
export function listRecentPayments(page = 1): { rows: AdminPaymentRow[]; hasMore: boolean } {
  const archive = archiveUserId();
  const rows = joinedPayments()
    .orderBy(desc(payments.id))
    .limit(PAYMENTS_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * PAYMENTS_PAGE_SIZE)
    .all();
  return { rows: rows.slice(0, PAYMENTS_PAGE_SIZE).map((row) => toRow(row, archive)), hasMore: rows.length > PAYMENTS_PAGE_SIZE };
}

/** One payment as the refund confirmation shows it (null: no such payment). */
export function getPaymentForRefund(paymentId: number): (AdminPaymentRow & { refusal: string | null }) | null {
  const row = joinedPayments()
    .where(eq(payments.id, paymentId))
    .get();
  if (!row) return null;
  const refused = refusalOf(row.payment, moneyArrived(db, row.payment));
  return { ...toRow(row, archiveUserId()), refundable: refused === null, refusal: refused?.message ?? null };
}
