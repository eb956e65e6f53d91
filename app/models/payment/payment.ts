/** Payments, the browser-safe half: the methods and the statuses a payment row may hold. */

export const PAYMENT_METHODS = ["PIX", "CREDIT_CARD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ["pending", "confirmed", "received", "overdue", "refunded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
