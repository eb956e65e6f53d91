/**
 * Refunds that send no money (issue #36, item 5): the local gateway records a refund and moves
 * nothing, since the payer paid the operator's own PIX key and only `npm run payments:confirm`
 * confirmed it. So a refund made with it is marked in the payment's metadata as owed back by hand;
 * the admin gives the money back themselves and then says so ('Devolvido manualmente'), and the page
 * shows when (`returnedByHandAt`, and who). Refunds through Asaas send the money and carry no mark.
 */
import { eq } from "drizzle-orm";
import { writeTransaction } from "~/db/client.server";
import { payments } from "~/db/schema";
import { formatDateTimeBR } from "~/lib/dates";
import type { AdminPaymentRow } from "~/models/payment/admin-payment";
import { PAYMENT_MESSAGES } from "~/models/payment/payment";

/** The metadata key of a refund only recorded (the local gateway): the money is owed back by hand. */
export const RETURN_BY_HAND = "refundByHand";

export const RETURN_BY_HAND_MESSAGES = {
  marked: "Devolução registrada",
  notOwed: "Este pagamento não tem devolução manual pendente: só um estorno registrado com o gateway local precisa dela.",
  already: "A devolução deste pagamento já foi registrada.",
} as const;

/** A payment row's manual return: due, done (when), or none. */
export function returnByHandOf(metadata: Record<string, unknown> | null): AdminPaymentRow["returnByHand"] {
  if (metadata?.[RETURN_BY_HAND] !== true) return null;
  const at = typeof metadata.returnedByHandAt === "string" ? new Date(metadata.returnedByHandAt) : null;
  return at && !Number.isNaN(at.getTime()) ? { due: false, atText: formatDateTimeBR(at) } : { due: true };
}

export type ReturnByHandOutcome = { ok: true; atText: string } | { ok: false; status: 404 | 409; message: string };

/** An admin says they gave a locally refunded payment's money back by hand: recorded once, with who and when. */
export function markReturnedByHand(paymentId: number, adminId: number, now: Date = new Date()): ReturnByHandOutcome {
  return writeTransaction((tx) => {
    const payment = tx.select({ status: payments.status, metadata: payments.metadata }).from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return { ok: false, status: 404, message: PAYMENT_MESSAGES.paymentNotFound };
    const state = payment.status === "refunded" ? returnByHandOf(payment.metadata) : null;
    if (state === null) return { ok: false, status: 409, message: RETURN_BY_HAND_MESSAGES.notOwed };
    if (!state.due) return { ok: false, status: 409, message: RETURN_BY_HAND_MESSAGES.already };
    tx.update(payments)
      .set({ metadata: { ...payment.metadata, returnedByHandAt: now.toISOString(), returnedByHandBy: adminId } })
      .where(eq(payments.id, paymentId))
      .run();
    return { ok: true, atText: formatDateTimeBR(now) };
  });
}
