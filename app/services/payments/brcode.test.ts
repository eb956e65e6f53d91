import { describe, expect, it } from "vitest";
import {
  BrCodeError,
  buildBrCode,
  crc16ccitt,
  formatBrCodeAmount,
  parseBrCode,
  readTlv,
  toBrCodeText,
} from "./brcode";

/**
 * The static QR example of the Banco Central's "Manual de Padrões para Iniciação do Pix"
 * (EVP key 123e4567-e12b-12d1-a456-426655440000, "Fulano de Tal", BRASILIA, no amount, no txid).
 */
const BCB_STATIC_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

/** Made by a bank app (Nubank): upper-case GUI, message, amount and postal code (field 61). */
const BANK_APP_STATIC =
  "00020126580014BR.GOV.BCB.PIX0119nubank@thalesog.com0213PIX de Testes52040000530398654041.005802BR5914Thales Ogliari6009SAO PAULO61080540900062070503***6304581E";

/** A dynamic code pointing at the BCB's homologation (sandbox) payload server: 26-25 URL, no key. */
const BCB_SANDBOX_DYNAMIC =
  "00020126940014br.gov.bcb.pix2572qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c705204000053039865802BR5903Pix6008BRASILIA62070503***6304C7D7";

const EVP = "123e4567-e12b-12d1-a456-426655440000";

describe("crc16ccitt", () => {
  it("matches the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16ccitt("123456789")).toBe("29B1");
  });

  it("gives FFFF (the initial value) for empty input and pads to 4 digits", () => {
    expect(crc16ccitt("")).toBe("FFFF");
    expect(crc16ccitt("A")).toMatch(/^[0-9A-F]{4}$/);
  });

  it("reproduces the CRC printed in the BCB example", () => {
    expect(crc16ccitt(BCB_STATIC_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });
});

describe("buildBrCode", () => {
  it("builds the BCB manual's static example byte for byte", () => {
    expect(buildBrCode({ pixKey: EVP, merchantName: "Fulano de Tal", merchantCity: "BRASILIA" })).toBe(
      BCB_STATIC_EXAMPLE,
    );
  });

  it("adds point of initiation 12, amount, message and txid for a one-off charge", () => {
    const code = buildBrCode({
      pixKey: EVP,
      merchantName: "Classificados Patos",
      merchantCity: "Patos de Minas",
      amountCents: 750,
      txid: "CLASSPATOS000000000000042",
      description: "Anuncio 42",
      singleUse: true,
    });
    expect(code.startsWith("000201010212")).toBe(true);
    expect(code).toContain("54047.50");
    expect(code).toContain("0210Anuncio 42");
    expect(code).toContain("62290525CLASSPATOS000000000000042");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)));
  });

  it("omits the amount when it is zero or absent, and the txid becomes ***", () => {
    const code = buildBrCode({ pixKey: EVP, merchantName: "A", merchantCity: "B", amountCents: 0 });
    expect(parseBrCode(code).amount).toBeNull();
    expect(parseBrCode(code).txid).toBe("***");
    expect(code).not.toContain("010212");
  });

  it("strips accents and cuts the name to 25 and the city to 15 characters", () => {
    const code = buildBrCode({
      pixKey: EVP,
      merchantName: "Associação dos Anunciantes de Patos de Minas",
      merchantCity: "São João del-Rei do Sul",
    });
    const parsed = parseBrCode(code);
    expect(parsed.merchantName).toBe("Associacao dos Anunciante");
    expect(parsed.merchantName).toHaveLength(25);
    expect(parsed.merchantCity).toBe("Sao Joao del-Re");
    expect(parsed.merchantCity).toHaveLength(15);
  });

  it("never ends a cut name with a space", () => {
    const parsed = parseBrCode(buildBrCode({ pixKey: EVP, merchantName: "Loja do Zé", merchantCity: "Patos de Minas MG" }));
    expect(parsed.merchantCity).toBe("Patos de Minas");
  });

  it("cuts the message to what field 26 can hold (99 characters)", () => {
    const code = buildBrCode({ pixKey: EVP, merchantName: "A", merchantCity: "B", description: "x".repeat(200) });
    const account = readTlv(code).find((f) => f.id === "26");
    expect(account?.value).toHaveLength(99);
    expect(parseBrCode(code).merchantAccount.description).toHaveLength(99 - 18 - 40 - 4);
  });

  it("rejects bad txids, keys, names and amounts", () => {
    const base = { pixKey: EVP, merchantName: "A", merchantCity: "B" };
    expect(() => buildBrCode({ ...base, txid: "has-dash" })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, txid: "A".repeat(26) })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, pixKey: "" })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, pixKey: "a b" })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, pixKey: "k".repeat(78) })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, merchantName: "   " })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, merchantCity: "🚗" })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, amountCents: -1 })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, amountCents: 1.5 })).toThrow(BrCodeError);
  });

  it("accepts a 25-character txid", () => {
    const txid = "A".repeat(25);
    expect(parseBrCode(buildBrCode({ pixKey: EVP, merchantName: "A", merchantCity: "B", txid })).txid).toBe(txid);
  });
});

describe("formatBrCodeAmount", () => {
  it("writes a dot and two decimals without thousands separators", () => {
    expect(formatBrCodeAmount(1)).toBe("0.01");
    expect(formatBrCodeAmount(750)).toBe("7.50");
    expect(formatBrCodeAmount(100)).toBe("1.00");
    expect(formatBrCodeAmount(123456789)).toBe("1234567.89");
  });

  it("refuses amounts that do not fit in 13 characters", () => {
    expect(() => formatBrCodeAmount(100_000_000_000_00)).toThrow(BrCodeError);
  });
});

describe("toBrCodeText", () => {
  it("removes accents, cedillas and non-ASCII symbols and collapses spaces", () => {
    expect(toBrCodeText("  Patos   de Minas ")).toBe("Patos de Minas");
    expect(toBrCodeText("Açaí Ünïcö – ÂÊÎÔÛ ãõ ñ")).toBe("Acai Unico AEIOU ao n");
    expect(toBrCodeText("Emoji 🚗 carro")).toBe("Emoji carro");
  });
});

describe("parseBrCode", () => {
  it("decodes the BCB example", () => {
    const parsed = parseBrCode(BCB_STATIC_EXAMPLE);
    expect(parsed).toMatchObject({
      payloadFormatIndicator: "01",
      pointOfInitiationMethod: null,
      merchantAccount: { gui: "br.gov.bcb.pix", pixKey: EVP, description: null, url: null },
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      amount: null,
      amountCents: null,
      countryCode: "BR",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      postalCode: null,
      txid: "***",
      crc: "1D3D",
    });
    expect(parsed.fields.map((f) => f.id)).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
  });

  it("decodes a bank app's code with an upper-case GUI, a message, an amount and a postal code", () => {
    const parsed = parseBrCode(BANK_APP_STATIC);
    expect(parsed.merchantAccount).toEqual({
      gui: "BR.GOV.BCB.PIX",
      pixKey: "nubank@thalesog.com",
      description: "PIX de Testes",
      url: null,
    });
    expect(parsed.amount).toBe("1.00");
    expect(parsed.amountCents).toBe(100);
    expect(parsed.postalCode).toBe("05409000");
    expect(parsed.merchantCity).toBe("SAO PAULO");
  });

  it("decodes a dynamic code (URL instead of key)", () => {
    const parsed = parseBrCode(BCB_SANDBOX_DYNAMIC);
    expect(parsed.merchantAccount.pixKey).toBeNull();
    expect(parsed.merchantAccount.url).toBe("qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c70");
  });

  it("round-trips what buildBrCode writes", () => {
    const input = {
      pixKey: "+5534999990000",
      merchantName: "CLASSIFICADOS PATOS",
      merchantCity: "PATOS DE MINAS",
      amountCents: 123456,
      txid: "CLASSPATOS000000000000007",
      description: "Anuncio 7 - 5 dias",
      singleUse: true,
    };
    const parsed = parseBrCode(buildBrCode(input));
    expect(parsed).toMatchObject({
      pointOfInitiationMethod: "12",
      merchantAccount: { pixKey: input.pixKey, description: input.description },
      amount: "1234.56",
      amountCents: 123456,
      merchantName: input.merchantName,
      merchantCity: input.merchantCity,
      txid: input.txid,
    });
  });

  it("accepts a lower-case CRC and surrounding whitespace", () => {
    expect(parseBrCode(`  ${BCB_STATIC_EXAMPLE.slice(0, -4)}1d3d\n`).crc).toBe("1D3D");
  });

  it("rejects a code whose CRC does not match", () => {
    const tampered = BCB_STATIC_EXAMPLE.replace("Fulano", "Fulana");
    expect(() => parseBrCode(tampered)).toThrow(/CRC mismatch/);
  });

  it("rejects codes with no CRC, a bad start, a truncated field or no PIX account", () => {
    expect(() => parseBrCode("000201")).toThrow(BrCodeError);
    const withCrc = (body: string) => body + "6304" + crc16ccitt(body + "6304");
    expect(() => parseBrCode(withCrc("000202"))).toThrow(/payload format/);
    expect(() => parseBrCode(withCrc("0002015910Fulano"))).toThrow(/truncated/);
    expect(() => parseBrCode(withCrc("000201265000140000000000000000"))).toThrow(/truncated|GUI/);
    expect(() =>
      parseBrCode(withCrc("00020126180014br.gov.bcb.xyz5204000053039865802BR5901A6001B62070503***")),
    ).toThrow(/GUI/);
    expect(() => parseBrCode(withCrc("00020126180014br.gov.bcb.pix5204000053039865802BR5901A6001B"))).toThrow(
      /neither a key/,
    );
  });

  it("names the missing mandatory field", () => {
    const body = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR6008BRASILIA";
    const code = body + "6304" + crc16ccitt(body + "6304");
    expect(() => parseBrCode(code)).toThrow(/59 \(merchant name\)/);
  });
});
