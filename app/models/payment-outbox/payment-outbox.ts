/**
 * The withdrawal outbox, the browser-safe half: the statuses a charge may still be paid in, why one is
 * withdrawn, and the gateway word a withdrawn payment keeps (payment.ts labels it 'Cancelado').
 */

/** Payments whose charge may still be paid: open ones, and those whose creation we are unsure of. */
export const OPEN_PAYMENT_STATUSES = ["pending", "overdue"] as const;

/** The gateway word we store for a charge we withdrew. */
export const CANCELLED_GATEWAY_STATUS = "CANCELLED";

export type WithdrawalReason = "superseded" | "ad_removed" | "replaced" | "restored";
