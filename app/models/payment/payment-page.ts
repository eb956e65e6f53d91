/**
 * What the payment page shows, as read.server.ts answers it: browser-safe types, so the page's
 * components and its loader share one definition.
 */
import type { AdStatus, AdType } from "~/models/ad/ad";
import type { PaymentMethod, PaymentStatus } from "~/models/payment/payment";
import type { PaymentQuote } from "~/models/payment/payment-form";

export type PaymentAdSummary = {
  id: number;
  title: string;
  description: string;
  categoryName: string;
  subcategoryName: string | null;
  adType: AdType;
  city: string;
  state: string;
  /** Effective status (expired once the expiration date has passed). */
  status: AdStatus;
  statusLabel: string;
  /** "25/11/2026", the last day the ad is visible. */
  expirationText: string;
  /** Whether buyers can reach the seller: without a WhatsApp the page warns before payment. */
  hasWhatsapp: boolean;
};

export type OpenPayment = {
  paymentId: number;
  method: PaymentMethod;
  amountCents: number;
  status: PaymentStatus;
  statusLabel: string;
  /** PIX "copia e cola"; null for cards, or while the gateway cannot give the QR. */
  pixPayload: string | null;
};

export type PaidPayment = {
  paymentId: number;
  status: PaymentStatus;
  statusLabel: string;
  methodLabel: string;
  amountCents: number;
};

export type PaymentPage = {
  ad: PaymentAdSummary;
  quote: PaymentQuote;
  state: "form" | "open" | "paid" | "not_payable";
  /** Why the ad cannot be paid ('not_payable'). */
  notice: string | null;
  open: OpenPayment | null;
  paid: PaidPayment | null;
};

export type PaymentStatusView = {
  paymentId: number;
  adId: number;
  method: PaymentMethod;
  status: PaymentStatus;
  statusLabel: string;
  gatewayStatus: string | null;
  isConfirmed: boolean;
  adStatus: AdStatus;
};
