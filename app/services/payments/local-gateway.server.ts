/**
 * The local payment gateway: the default, works with no keys and no network.
 *
 * - PIX: a real static BR Code for the operator's PIX key with the amount and a txid made from
 *   our payment id, and its QR image. A banking app reads it and would pay that key. Nothing
 *   tells us when someone paid, so a local PIX charge stays PENDING until the operator confirms
 *   it through our own signed webhook call (`npm run payments:confirm -- <id>`, or the
 *   development-only 'Simular pagamento' button).
 * - Cards: checked locally (Luhn, expiry in the future, CCV) and approved at once, except the
 *   documented DECLINED_TEST_CARDS. No money moves.
 *
 * It keeps no state: `getStatus`, `getPixQrCode`, `findCharges` and `cancelCharge` answer null and
 * the database is the truth (the BR Code payload is stored with the payment; `pixQrCodeDataUrl`
 * redraws its image). `refundCharge` answers REFUNDED: no money moved, so it only gets recorded.
 * Card numbers never leave this function call: only brand and last four digits come back.
 */
import QRCode from "qrcode";
import { cardLast4, cardProblem, detectCardBrand, findDeclinedTestCard } from "~/lib/card";
import { BrCodeError, buildBrCode } from "./brcode";
import { GatewayError, pixTxid, type PaymentGateway } from "./gateway";

/**
 * A DEMO key: a random EVP ("chave aleatória") generated for this project, registered to nobody.
 * Codes made with it are well formed, but a banking app answers that the key does not exist, so
 * no one can send real money to a stranger by mistake. Set PIX_KEY to the operator's real key.
 */
export const DEMO_PIX_KEY = "37503afd-e7e6-4191-9990-12df7b21d488";
export const DEFAULT_PIX_MERCHANT_NAME = "CLASSIFICADOS PATOS";
export const DEFAULT_PIX_MERCHANT_CITY = "PATOS DE MINAS";

export type LocalGatewayOptions = {
  pixKey?: string;
  merchantName?: string;
  merchantCity?: string;
  /** The clock used for card expiry checks (tests pass a fixed one). */
  now?: () => Date;
};

/** PNG data URL of a QR code for `payload`: medium error correction, a quiet zone, phone-sized. */
export function pixQrCodeDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 2, width: 320, type: "image/png" });
}

function requirePositiveCents(amountCents: number) {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new GatewayError("invalid_request", `Invalid amount ${amountCents}`);
  }
}

export function createLocalGateway(options: LocalGatewayOptions = {}): PaymentGateway {
  const pixKey = options.pixKey?.trim() || DEMO_PIX_KEY;
  const merchantName = options.merchantName?.trim() || DEFAULT_PIX_MERCHANT_NAME;
  const merchantCity = options.merchantCity?.trim() || DEFAULT_PIX_MERCHANT_CITY;
  const now = options.now ?? (() => new Date());

  return {
    name: "local",

    async createPixCharge(input) {
      requirePositiveCents(input.amountCents);
      let pixPayload: string;
      try {
        pixPayload = buildBrCode({
          pixKey,
          merchantName,
          merchantCity,
          amountCents: input.amountCents,
          txid: pixTxid(input.paymentId),
          description: input.description,
          singleUse: true,
        });
      } catch (error) {
        // A bad PIX_KEY / merchant setting is the operator's to fix; the payer sees the generic message.
        if (error instanceof BrCodeError || error instanceof RangeError) {
          throw new GatewayError("unavailable", `Local PIX configuration is invalid: ${error.message}`, { cause: error });
        }
        throw error;
      }
      return {
        gatewayPaymentId: `local-pix-${input.paymentId}`,
        gatewayCustomerId: null,
        status: "PENDING",
        gatewayStatus: "PENDING",
        pixPayload,
        pixQrCodeImage: await pixQrCodeDataUrl(pixPayload),
        // A static code has no expiry of its own; the payment model decides how long it waits.
        expiresAt: null,
      };
    },

    async createCardCharge(input) {
      requirePositiveCents(input.amountCents);
      const problem = cardProblem(input.card, now());
      if (problem) throw new GatewayError("invalid_request", "Card failed local validation", { userMessage: problem });

      const cardBrand = detectCardBrand(input.card.number);
      const last4 = cardLast4(input.card.number);
      const declined = findDeclinedTestCard(input.card.number);
      if (declined) {
        return {
          status: "DECLINED",
          gatewayPaymentId: null,
          gatewayCustomerId: null,
          gatewayStatus: "DECLINED",
          declineMessage: declined.message,
          cardBrand,
          cardLast4: last4,
        };
      }
      return {
        status: "CONFIRMED",
        gatewayPaymentId: `local-card-${input.paymentId}`,
        gatewayCustomerId: null,
        gatewayStatus: "CONFIRMED",
        cardBrand,
        cardLast4: last4,
      };
    },

    async getPixQrCode() {
      return null;
    },

    async getStatus() {
      return null;
    },

    // Nothing is kept here: the database is the truth, and a static code cannot be withdrawn.
    async findCharges() {
      return null;
    },

    async cancelCharge() {
      return null;
    },

    // No money moved through this gateway, so none goes back: the refund is only recorded.
    async refundCharge() {
      return { status: "REFUNDED", gatewayStatus: "REFUNDED" };
    },
  };
}
