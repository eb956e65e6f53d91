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
    case "AWAITING_CHARGEBACK_REVERSAL":
      return "CHARGEBACK";
    default:
      // PENDING, AWAITING_RISK_ANALYSIS, AUTHORIZED (card held, not yet captured), and the unknown.
      return "PENDING";
  }
}

export type GatewayCustomer = {
  name: string;
  email: string;
  /** Digits only (11 = CPF, 14 = CNPJ). */
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

export interface PaymentGateway {
  readonly name: "local" | "asaas";
  createPixCharge(input: PixChargeInput): Promise<PixCharge>;
  createCardCharge(input: CardChargeInput): Promise<CardCharge>;
  /** The QR of an existing PIX charge; null when the gateway keeps none (local: use the stored payload). */
  getPixQrCode(gatewayPaymentId: string): Promise<PixQrCode | null>;
  /** The gateway's current status; null when the gateway keeps no state (local: the DB is the truth). */
  getStatus(gatewayPaymentId: string): Promise<GatewayPaymentStatus | null>;
  /**
   * Withdraws a charge nobody paid yet (e.g. the payer switched from PIX to card), so it cannot
   * be paid later on top of the other one. Local: nothing to do (its static code cannot be
   * withdrawn; the payment model simply stops accepting it).
   */
  cancelCharge(gatewayPaymentId: string): Promise<void>;
}

export const PAYMENT_ERROR_TITLE = "Erro no pagamento";
export const GENERIC_PAYMENT_ERROR = "Erro ao processar pagamento. Tente novamente.";
export const GATEWAY_TIMEOUT_MESSAGE = "O serviço de pagamento demorou a responder. Tente novamente em instantes.";

export type GatewayErrorCode =
  | "invalid_request" // 400: something the payer typed (card, CPF…), message says what
  | "card_declined" // 402
  | "unavailable" // 502: gateway down, answered 5xx, or refused our credentials
  | "timeout"; // 504

const STATUS_BY_CODE: Record<GatewayErrorCode, number> = {
  invalid_request: 400,
  card_declined: 402,
  unavailable: 502,
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

  constructor(code: GatewayErrorCode, message: string, options: { userMessage?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.userMessage = options.userMessage?.trim() || (code === "timeout" ? GATEWAY_TIMEOUT_MESSAGE : GENERIC_PAYMENT_ERROR);
  }
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
