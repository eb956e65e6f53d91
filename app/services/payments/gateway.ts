/**
 * The one payment gateway interface. Two implementations: the local gateway (default, no keys:
 * real PIX BR Codes, test cards) and Asaas (API v3). Routes and the payment model talk to
 * `PaymentGateway` only and never learn which one is behind it.
 *
 * Types and small pure helpers only (browser-safe): the status labels can be shown on pages.
 *
 * Who holds the truth about a payment's status: our database. Asaas also keeps one and tells us
 * through webhooks (and `getStatus`, for polling and "Já paguei — verificar"); the local gateway
 * keeps nothing, so its `getStatus` answers null ("ask the database") and a local PIX charge is
 * confirmed by our own signed webhook call (operator command / dev button).
 */

/** Statuses every gateway's answer is normalised to. */
export const GATEWAY_STATUSES = [
  "PENDING",
  "CONFIRMED",
  "RECEIVED",
  "OVERDUE",
  "REFUNDED",
  "CHARGEBACK",
  "DECLINED",
] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** pt-BR labels (spec 02 §4 names the first three). */
export const GATEWAY_STATUS_LABELS: Record<GatewayStatus, string> = {
  PENDING: "Aguardando Pagamento",
  CONFIRMED: "Confirmado",
  RECEIVED: "Recebido",
  OVERDUE: "Vencido",
  REFUNDED: "Estornado",
  CHARGEBACK: "Contestado",
  DECLINED: "Recusado",
};

/** Money is in (confirmed: approved, may still settle; received: settled). The ad may go live. */
export function isPaidStatus(status: GatewayStatus): boolean {
  return status === "CONFIRMED" || status === "RECEIVED";
}

/** The money went back or is being disputed: the ad is paused. */
export function isReversedStatus(status: GatewayStatus): boolean {
  return status === "REFUNDED" || status === "CHARGEBACK";
}

/**
 * Asaas payment statuses → ours. Documented values: PENDING, RECEIVED, CONFIRMED, OVERDUE,
 * REFUNDED, RECEIVED_IN_CASH, REFUND_REQUESTED, REFUND_IN_PROGRESS, CHARGEBACK_REQUESTED,
 * CHARGEBACK_DISPUTE, AWAITING_CHARGEBACK_REVERSAL, DUNNING_REQUESTED, DUNNING_RECEIVED,
 * AWAITING_RISK_ANALYSIS, AUTHORIZED.
 *
 * A refund that is only requested or in progress already counts as REFUNDED: the money is on its
 * way back, so the ad must not stay live on it. An unknown word stays PENDING (nothing is
 * activated on a status we do not understand); the raw word is kept beside it for the record.
 */
export function normalizeAsaasStatus(asaasStatus: string): Exclude<GatewayStatus, "DECLINED"> {
  switch (asaasStatus) {
    case "CONFIRMED":
      return "CONFIRMED";
    case "RECEIVED":
    case "RECEIVED_IN_CASH":
    case "DUNNING_RECEIVED":
      return "RECEIVED";
    case "OVERDUE":
    case "DUNNING_REQUESTED":
      return "OVERDUE";
    case "REFUNDED":
    case "REFUND_REQUESTED":
    case "REFUND_IN_PROGRESS":
      return "REFUNDED";
    case "CHARGEBACK_REQUESTED":
    case "CHARGEBACK_DISPUTE":
      return "CHARGEBACK";
    case "AWAITING_CHARGEBACK_REVERSAL":
      // Asaas: "Disputa vencida, aguardando repasse da adquirente" — we WON the dispute and the money
      // is on its way back to us: paid again, not a chargeback.
      return "CONFIRMED";
    default:
      // PENDING, AWAITING_RISK_ANALYSIS, AUTHORIZED (card held, not yet captured), and the unknown.
      return "PENDING";
  }
}

export type GatewayCustomer = {
  name: string;
  email: string;
  /** Upper-case letters and digits, no punctuation (11 = CPF, 14 = CNPJ, which may hold letters since July 2026). */
  cpfCnpj: string;
  phone?: string | null;
};

export type GatewayCard = {
  holderName: string;
  number: string;
  expiryMonth: string;
  /** "2029" or "29". */
  expiryYear: string;
  ccv: string;
};

/** Asaas checks the holder against the card issuer; it needs CEP and address number. */
export type GatewayCardHolder = {
  name: string;
  email: string;
  cpfCnpj: string;
  phone: string;
  postalCode?: string | null;
  addressNumber?: string | null;
  addressComplement?: string | null;
};

export type PixChargeInput = {
  /** Our payments.id: the gateway's externalReference and the BR Code's txid. */
  paymentId: number;
  amountCents: number;
  description: string;
  customer: GatewayCustomer;
  /** São Paulo day, "YYYY-MM-DD". */
  dueDate: string;
};

export type PixCharge = {
  gatewayPaymentId: string;
  gatewayCustomerId: string | null;
  status: GatewayStatus;
  /** The gateway's own word (Asaas "PENDING"…), kept verbatim in payments.asaasStatus. */
  gatewayStatus: string;
  /** "Copia e cola". Null when the gateway created the charge but the QR could not be read yet
   *  (show 'QR Code não disponível…' and try `getPixQrCode` again). */
  pixPayload: string | null;
  /** data:image/png;base64,… */
  pixQrCodeImage: string | null;
  expiresAt: Date | null;
};

export type PixQrCode = { pixPayload: string; pixQrCodeImage: string; expiresAt: Date | null };

export type CardChargeInput = {
  paymentId: number;
  amountCents: number;
  description: string;
  customer: GatewayCustomer;
  card: GatewayCard;
  holder: GatewayCardHolder;
  /** The payer's IP address (Asaas requires it for fraud analysis). */
  remoteIp: string;
};

export type CardCharge =
  | {
      /** CONFIRMED at once, or PENDING while the gateway runs a risk analysis. */
      status: Exclude<GatewayStatus, "DECLINED">;
      gatewayPaymentId: string;
      gatewayCustomerId: string | null;
      gatewayStatus: string;
      cardBrand: string;
      cardLast4: string;
    }
  | {
      /** Refused by the issuer: a normal outcome, not an error. Nothing was charged. */
      status: "DECLINED";
      gatewayPaymentId: string | null;
      gatewayCustomerId: string | null;
      gatewayStatus: string;
      /** pt-BR, safe to show. */
      declineMessage: string;
      cardBrand: string;
      cardLast4: string;
    };

export type GatewayPaymentStatus = { status: GatewayStatus; gatewayStatus: string };

/** A charge as the gateway keeps it, found by our payment id (its externalReference). */
export type GatewayCharge = {
  gatewayPaymentId: string;
  /** Our payments.id, read back from the charge's externalReference. */
  paymentId: number;
  method: "PIX" | "CREDIT_CARD" | "OTHER";
  amountCents: number;
  status: GatewayStatus;
  gatewayStatus: string;
  gatewayCustomerId: string | null;
};

export interface PaymentGateway {
  readonly name: "local" | "asaas";
  createPixCharge(input: PixChargeInput): Promise<PixCharge>;
  createCardCharge(input: CardChargeInput): Promise<CardCharge>;
  /** The QR of an existing PIX charge; null when the gateway keeps none (local: use the stored payload). */
  getPixQrCode(gatewayPaymentId: string): Promise<PixQrCode | null>;
  /** The gateway's current status; null when the gateway keeps no state (local: the DB is the truth). */
  getStatus(gatewayPaymentId: string): Promise<GatewayPaymentStatus | null>;
  /**
   * The live (not deleted) charges the gateway holds for these payment ids, whatever their status:
   * how a retry after a timeout finds the charge the timed-out call may have created. Null when the
   * gateway keeps no state (local: the database is the truth). `forPayment`: the lookup is part of a
   * payer's payment (checked before a new charge), so it is never refused to save room for polling.
   */
  findCharges(paymentIds: readonly number[], options?: { forPayment?: boolean }): Promise<GatewayCharge[] | null>;
  /**
   * Withdraws a charge nobody paid yet (e.g. the payer switched from PIX to card), so it cannot
   * be paid later on top of the other one. A charge already withdrawn is not an error. Answers the
   * charge's status when it could not be withdrawn because it was paid meanwhile, else null.
   * Local: nothing to do (its static code cannot be withdrawn; the payment model stops accepting it).
   */
  cancelCharge(gatewayPaymentId: string): Promise<GatewayPaymentStatus | null>;
  /** Gives a paid charge's money back in full (Asaas: POST /payments/{id}/refund). Local: nothing moves. */
  refundCharge(gatewayPaymentId: string): Promise<GatewayPaymentStatus>;
}

export const GENERIC_PAYMENT_ERROR = "Erro ao processar pagamento. Tente novamente.";
export const GATEWAY_TIMEOUT_MESSAGE = "O serviço de pagamento demorou a responder. Tente novamente em instantes.";

export type GatewayErrorCode =
  | "invalid_request" // 400: something the payer typed (card, CPF…), message says what
  | "card_declined" // 402
  | "unavailable" // 502: gateway down, answered 5xx or an unexpected shape, or refused our credentials
  | "rate_limited" // 503: the gateway asked us to wait (429), or our own budget of calls is spent; nothing was sent
  | "timeout"; // 504

const STATUS_BY_CODE: Record<GatewayErrorCode, number> = {
  invalid_request: 400,
  card_declined: 402,
  unavailable: 502,
  rate_limited: 503,
  timeout: 504,
};

/**
 * A failed gateway call. `userMessage` is pt-BR and safe to show (toast 'Erro no pagamento');
 * `message` is for logs (English, never card data); `status` is the HTTP status a route answers.
 */
export class GatewayError extends Error {
  override name = "GatewayError";
  readonly code: GatewayErrorCode;
  readonly status: number;
  readonly userMessage: string;
  /** rate_limited: how long to wait before calling again (a route's Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: GatewayErrorCode,
    message: string,
    options: { userMessage?: string; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.userMessage = options.userMessage?.trim() || (code === "timeout" ? GATEWAY_TIMEOUT_MESSAGE : GENERIC_PAYMENT_ERROR);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** "em 30 segundos", "em 1 segundo", "em 5 minutos" (from 2 minutes on). */
function waitPhrase(seconds: number): string {
  if (seconds >= 120) return `em ${Math.ceil(seconds / 60)} minutos`;
  return seconds === 1 ? "em 1 segundo" : `em ${seconds} segundos`;
}

/** The gateway asked us to wait (or our own budget of calls is spent): 503, with when to try again. */
export function rateLimitedError(message: string, retryAfterSeconds: number): GatewayError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new GatewayError("rate_limited", message, {
    userMessage: `O serviço de pagamento está ocupado. Tente novamente ${waitPhrase(seconds)}.`,
    retryAfterSeconds: seconds,
  });
}

/** For a route that answers a DECLINED card charge as an error (402 + the decline message). */
export function cardDeclinedError(charge: { declineMessage: string }): GatewayError {
  return new GatewayError("card_declined", "Card declined by the issuer", { userMessage: charge.declineMessage });
}

/** The pt-BR text to show for any error thrown while paying. */
export function paymentErrorMessage(error: unknown): string {
  return error instanceof GatewayError ? error.userMessage : GENERIC_PAYMENT_ERROR;
}

/** The BR Code txid of our payment 42: "CLASSPATOS000000000000042" (≤ 25 letters and digits). */
export function pixTxid(paymentId: number, prefix = "CLASSPATOS"): string {
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw new RangeError(`Invalid payment id ${paymentId}`);
  const txid = prefix + String(paymentId).padStart(25 - prefix.length, "0");
  if (txid.length > 25 || !/^[A-Za-z0-9]+$/.test(txid)) throw new RangeError(`txid "${txid}" does not fit the BR Code rules`);
  return txid;
}
