/**
 * Payments, the browser-safe half: methods, statuses and their labels, the spec's messages
 * (spec 02 §5, §8) and the timings of the payment screen. db/schema.ts takes the enums from here, so
 * it imports only relatively (drizzle-kit reads it without the ~ alias), and only the ad's and the
 * withdrawal outbox's browser-safe modules (the form's schemas and the amount rule are in ./payment-form.ts).
 */

import { AD_NOT_FOUND } from "../ad/ad";
import { CANCELLED_GATEWAY_STATUS } from "../payment-outbox/payment-outbox";

export const PAYMENT_METHODS = ["PIX", "CREDIT_CARD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What a payment buys (ADR 037): the ad's own period (its day fee, "ad"), days of "Impulsionar"
 * ("boost": the ad first in its lists' top slots) or days added before the ad ends ("extend":
 * "Prolongar"). One live charge per ad and purpose.
 */
export const PAYMENT_PURPOSES = ["ad", "boost", "extend"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** What the admin's statistics call each purchase's income. */
export const PAYMENT_PURPOSE_LABELS: Readonly<Record<PaymentPurpose, string>> = {
  ad: "Diárias de anúncio",
  boost: "Impulsos",
  extend: "Prolongamentos",
};

export const PAYMENT_STATUSES = ["pending", "confirmed", "received", "overdue", "refunded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  PIX: "PIX",
  CREDIT_CARD: "Cartão de Crédito",
};

/** Spec 02 §4 names the first three. */
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: "Aguardando Pagamento",
  confirmed: "Confirmado",
  received: "Recebido",
  overdue: "Vencido",
  refunded: "Estornado",
  failed: "Não concluído",
};

/** The gateway word we store for an ad that cost nothing and was published without a charge. */
export const FREE_GATEWAY_STATUS = "FREE";
/** A charge whose creation timed out: the gateway may or may not have made it (looked up later). */
export const UNKNOWN_GATEWAY_STATUS = "UNKNOWN";
/** A charge the gateway never made (looked up after an unknown creation). */
export const NOT_CREATED_GATEWAY_STATUS = "NOT_CREATED";
/** Our claim ended without a charge of its own: an earlier charge was reused or found paid. */
export const ABANDONED_GATEWAY_STATUS = "ABANDONED";

/** Money is in: the ad may go live. */
export function isPaidPaymentStatus(status: PaymentStatus): boolean {
  return status === "confirmed" || status === "received";
}

export function paymentStatusLabel(payment: { status: PaymentStatus; asaasStatus?: string | null }): string {
  if (payment.status === "failed") {
    if (payment.asaasStatus === CANCELLED_GATEWAY_STATUS) return "Cancelado";
    if (payment.asaasStatus === "DECLINED") return "Recusado";
  }
  return PAYMENT_STATUS_LABELS[payment.status];
}

/** Every pt-BR text of the payment screens written once (spec 02 §5 and §8 as written). */
export const PAYMENT_MESSAGES = {
  requiredTitle: "Campos obrigatórios",
  required: "Por favor, preencha nome, email e CPF/CNPJ",
  cardTitle: "Dados do cartão",
  cardRequired: "Por favor, preencha todos os dados do cartão",
  minimumTitle: "Valor mínimo não atingido",
  minimum: "O valor mínimo para pagamento com cartão de crédito é R$ 5,00. Use PIX ou aumente a duração do anúncio.",
  invalidCpfCnpj: "CPF/CNPJ inválido",
  invalidEmail: "Email inválido",
  invalidMethod: "Escolha PIX ou Cartão de Crédito",
  cardsUnavailable: "Pagamento com cartão indisponível: use PIX.",
  adNotFound: AD_NOT_FOUND,
  paymentNotFound: "Pagamento não encontrado",
  alreadyPaid: "Este anúncio já foi pago.",
  notPayable: "Este anúncio não está aguardando pagamento.",
  expired: "Este anúncio expirou. Reative-o escolhendo uma nova data de expiração para publicá-lo.",
  adChanged: "O anúncio mudou depois de calculado o valor. Recarregue a página para ver o novo valor.",
  inProgress: "Já existe um pagamento em andamento para este anúncio. Aguarde alguns instantes e recarregue a página.",
  tryAgain: "Não foi possível retomar a cobrança anterior. Tente pagar novamente.",
  cardUnderReview: "O pagamento com cartão deste anúncio está em análise. Aguarde a confirmação.",
  notPix: "Este pagamento não é PIX.",
  errorTitle: "Erro no pagamento",
  genericError: "Erro ao processar pagamento. Tente novamente.",
  created: "Pagamento criado",
  createdDescription: "Pague com o QR Code ou com o código PIX copia e cola.",
  approved: "Pagamento aprovado!",
  confirmed: "Pagamento confirmado!",
  redirecting: "Redirecionando para o dashboard...",
  stillPending: "Pagamento ainda não confirmado",
  stillPendingDescription: "Assim que o banco confirmar o PIX, seu anúncio será publicado. Tente de novo em instantes.",
  qrUnavailableToast: "QR Code não disponível. Use a chave PIX para pagamento.",
  qrUnavailablePanel: "QR Code não disponível. Entre em contato para mais informações.",
  freePublished: "Anúncio publicado!",
  firstDayFree: "O primeiro dia é grátis: o dia de hoje não é cobrado.",
} as const;

/** The ad went live (or to the admin queue) after payment. */
export function adAfterPaymentMessage(adStatus: string | null | undefined): string {
  return adStatus === "pending"
    ? "Seu anúncio foi enviado para análise e será publicado após a aprovação."
    : "Seu anúncio está ativo.";
}

/** Polling of a PIX charge (spec 02 §9) and the redirects after a payment (spec 02 §4). */
export const PAYMENT_POLL_INTERVAL_MS = 3_000;
export const PAYMENT_POLL_MAX_MS = 10 * 60_000;
export const CARD_APPROVED_REDIRECT_MS = 2_000;
export const PIX_CONFIRMED_REDIRECT_MS = 3_000;
/** Where a paid ad's owner is sent (spec 02 §4). */
export const PAYMENT_DONE_PATH = "/dashboard";
