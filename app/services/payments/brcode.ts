/**
 * PIX "BR Code": the text inside a PIX QR code and behind "PIX copia e cola".
 *
 * It is an EMV merchant-presented QR payload: a flat list of TLV fields, each written as a
 * two-digit ID, a two-digit length and the value, closed by field 63 holding a CRC16 of
 * everything before it (including the "6304" of field 63 itself). Rules followed here come from
 * the Banco Central's "Manual de Padrões para Iniciação do Pix" (static QR section) and the
 * "Manual do BR Code":
 *
 *   00 Payload Format Indicator "01" (first field)
 *   01 Point of Initiation Method, optional. "12" tells the payer's app the code is meant to be
 *      paid once. For PIX it is only an indication: the BCB answered (bacen/pix-api #139) that a
 *      static QR always accepts several payments. We send "12" for one-off charges and omit the
 *      field for reusable codes, as the manual's own static example does.
 *   26 Merchant Account Information: 00 GUI "br.gov.bcb.pix", 01 PIX key, 02 optional message
 *      to the payer; the whole field must fit in 99 characters.
 *   52 MCC "0000", 53 currency "986" (BRL), 54 amount (optional, "12.34"), 58 "BR",
 *   59 merchant name (≤ 25), 60 merchant city (≤ 15), 62 additional data with 05 txid
 *      (≤ 25 letters and digits, "***" when there is none), 63 CRC16-CCITT-FALSE.
 *
 * Pure and dependency-free (TextEncoder only), so it runs in the browser, Node and tests alike.
 */

export const PIX_GUI = "br.gov.bcb.pix";

export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
export const MAX_PIX_KEY = 77;
/** No txid: the manual's placeholder. */
export const NO_TXID = "***";

export class BrCodeError extends Error {
  override name = "BrCodeError";
}

export type BrCodeInput = {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Integer cents; omitted (payer types the amount) when null, undefined or 0. */
  amountCents?: number | null;
  /** Up to 25 letters and digits; "***" when absent. */
  txid?: string | null;
  /** Message shown to the payer (field 26-02); cut to what fits in field 26. */
  description?: string | null;
  /** true → field 01 = "12" (pay once). false/absent → field 01 omitted (reusable code). */
  singleUse?: boolean;
};

export type TlvField = { id: string; value: string };

export type ParsedBrCode = {
  payloadFormatIndicator: string;
  /** "11" (reusable), "12" (single use) or null when the field is absent. */
  pointOfInitiationMethod: string | null;
  merchantAccount: {
    gui: string;
    /** 26-01: present in static codes. */
    pixKey: string | null;
    /** 26-02: message to the payer. */
    description: string | null;
    /** 26-25: location of the payload of a dynamic code. */
    url: string | null;
  };
  merchantCategoryCode: string;
  transactionCurrency: string;
  /** Field 54 as written ("12.34"), and in cents. */
  amount: string | null;
  amountCents: number | null;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode: string | null;
  /** 62-05, "***" included as written. */
  txid: string | null;
  crc: string;
  /** Every top-level field in order, nested values left as written. */
  fields: TlvField[];
};

/**
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8
 * bytes of `text`, as the 4 uppercase hex digits field 63 carries. "123456789" → "29B1".
 */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Plain printable ASCII: accents dropped ("São João" → "Sao Joao"), other symbols removed,
 * spaces collapsed. Keeps every length a count of bytes as well as characters, which is what
 * bank apps expect of names and cities.
 */
export function toBrCodeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** 1234 → "12.34": a dot, two decimals, no thousands separator (EMV amount, ≤ 13 chars). */
export function formatBrCodeAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new BrCodeError(`Amount must be a positive integer number of cents, got ${amountCents}`);
  }
  const text = `${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, "0")}`;
  if (text.length > 13) throw new BrCodeError(`Amount ${text} is longer than 13 characters`);
  return text;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new BrCodeError(`Field ${id} is ${value.length} characters long (max 99)`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

function cut(text: string, max: number): string {
  return text.slice(0, max).trimEnd();
}

export function buildBrCode(input: BrCodeInput): string {
  const pixKey = input.pixKey.trim();
  if (!pixKey || pixKey.length > MAX_PIX_KEY || /\s/.test(pixKey)) {
    throw new BrCodeError("PIX key must be 1 to 77 characters without spaces");
  }
  const name = cut(toBrCodeText(input.merchantName), MAX_MERCHANT_NAME);
  const city = cut(toBrCodeText(input.merchantCity), MAX_MERCHANT_CITY);
  if (!name) throw new BrCodeError("Merchant name is empty");
  if (!city) throw new BrCodeError("Merchant city is empty");

  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BrCodeError("txid must be 1 to 25 letters and digits");
  }

  let account = field("00", PIX_GUI) + field("01", pixKey);
  // Field 26 holds at most 99 characters: the message gets what the GUI and the key leave.
  const room = 99 - account.length - 4;
  const description = cut(toBrCodeText(input.description ?? ""), Math.max(0, room));
  if (description) account += field("02", description);

  let payload = field("00", "01");
  if (input.singleUse) payload += field("01", "12");
  payload += field("26", account);
  payload += field("52", "0000");
  payload += field("53", "986");
  if (input.amountCents) payload += field("54", formatBrCodeAmount(input.amountCents));
  payload += field("58", "BR");
  payload += field("59", name);
  payload += field("60", city);
  payload += field("62", field("05", txid));
  payload += "6304";
  return payload + crc16ccitt(payload);
}

/** Splits `text` into TLV fields; throws when a length runs past the end. */
export function readTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) {
      throw new BrCodeError(`Invalid field header "${header}" at position ${at}`);
    }
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) {
      throw new BrCodeError(`Field ${id} at position ${at} is truncated (declares ${length} characters)`);
    }
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

function valueOf(fields: TlvField[], id: string): string | null {
  return fields.find((f) => f.id === id)?.value ?? null;
}

function required(fields: TlvField[], id: string, label: string): string {
  const value = valueOf(fields, id);
  if (value === null) throw new BrCodeError(`Missing field ${id} (${label})`);
  return value;
}

function amountToCents(amount: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new BrCodeError(`Invalid amount "${amount}"`);
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/**
 * Reads a BR Code back into its fields and checks it: the CRC, the payload format, and the PIX
 * merchant account (in any of the templates 26 to 51, GUI compared without case, as some banks
 * write "BR.GOV.BCB.PIX"). Throws BrCodeError saying what is wrong.
 */
export function parseBrCode(payload: string): ParsedBrCode {
  const text = payload.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== "6304") {
    throw new BrCodeError("The code does not end with a CRC field (6304 + 4 hex digits)");
  }
  const written = text.slice(crcAt + 4).toUpperCase();
  const computed = crc16ccitt(text.slice(0, crcAt + 4));
  if (written !== computed) {
    throw new BrCodeError(`CRC mismatch: the code says ${written}, its content gives ${computed}`);
  }

  const fields = readTlv(text);
  if (fields[0]?.id !== "00" || fields[0].value !== "01") {
    throw new BrCodeError('The code must start with field 00 = "01" (payload format indicator)');
  }
  // The "6304" found above must be a real field, the last one, not bytes inside another value.
  if (fields.at(-1)?.id !== "63" || fields.filter((f) => f.id === "63").length !== 1) {
    throw new BrCodeError("Field 63 (CRC) must appear once, as the last field");
  }

  const pixAccount = fields
    .filter((f) => Number(f.id) >= 26 && Number(f.id) <= 51)
    .map((f) => readTlv(f.value))
    .find((sub) => valueOf(sub, "00")?.toLowerCase() === PIX_GUI);
  if (!pixAccount) throw new BrCodeError(`No merchant account with GUI ${PIX_GUI}`);
  const pixKey = valueOf(pixAccount, "01");
  const url = valueOf(pixAccount, "25");
  if (!pixKey && !url) throw new BrCodeError("The PIX merchant account has neither a key (01) nor a URL (25)");

  const amount = valueOf(fields, "54");
  const additional = valueOf(fields, "62");
  const pointOfInitiationMethod = valueOf(fields, "01");
  if (pointOfInitiationMethod !== null && pointOfInitiationMethod !== "11" && pointOfInitiationMethod !== "12") {
    throw new BrCodeError(`Invalid point of initiation method "${pointOfInitiationMethod}"`);
  }

  return {
    payloadFormatIndicator: "01",
    pointOfInitiationMethod,
    merchantAccount: {
      gui: required(pixAccount, "00", "GUI"),
      pixKey,
      description: valueOf(pixAccount, "02"),
      url,
    },
    merchantCategoryCode: required(fields, "52", "merchant category code"),
    transactionCurrency: required(fields, "53", "transaction currency"),
    amount,
    amountCents: amount === null ? null : amountToCents(amount),
    countryCode: required(fields, "58", "country code"),
    merchantName: required(fields, "59", "merchant name"),
    merchantCity: required(fields, "60", "merchant city"),
    postalCode: valueOf(fields, "61"),
    txid: additional === null ? null : valueOf(readTlv(additional), "05"),
    crc: written,
    fields,
  };
}
