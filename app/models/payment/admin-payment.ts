/**
 * The admin's 'Pagamentos' page, the browser-safe half: what a payment row and a pending refund look
 * like on the page (the lists are read by refund.server.ts).
 */
import type { PaymentStatus } from "~/models/payment/payment";

export type PaymentAdRef = { id: number; title: string; href: string | null };
export type PaymentPayer = { name: string; email: string | null };

export type AdminPaymentRow = {
  id: number;
  /** ISO instant: the confirmation, or the creation of an unpaid payment. */
  date: string;
  dateText: string;
  ad: PaymentAdRef;
  payer: PaymentPayer;
  methodLabel: string;
  amountText: string;
  status: PaymentStatus;
  statusLabel: string;
  /** The money bought nothing: refunding it leaves the ad alone. */
  refundDue: boolean;
  refundable: boolean;
  /** "12/06/2026 10:00" when an admin refunded it here. */
  refundedAtText: string | null;
  /**
   * Refunded through the local gateway, which sends no money (refund-by-hand.server.ts): "due" until an
   * admin says they gave it back by hand, then when they did ("12/06/2026 10:00"); null otherwise.
   */
  returnByHand: { due: true } | { due: false; atText: string } | null;
};

export type PendingRefund = {
  key: string;
  /** Null when the payment row is gone (only its withdrawal record is left). */
  paymentId: number | null;
  dateText: string;
  reason: string;
  ad: PaymentAdRef;
  payer: PaymentPayer;
  amountCents: number;
  amountText: string;
  refundable: boolean;
  /** Why 'Estornar' is missing, when it is. */
  note: string | null;
};
