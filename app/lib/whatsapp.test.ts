import { describe, it, expect } from "vitest";
import { formatWhatsapp, isValidWhatsapp, whatsappDigits, whatsappLink } from "./whatsapp";

describe("whatsappDigits", () => {
  it("keeps digits only", () => {
    expect(whatsappDigits("(34) 9 9988-7766")).toBe("34999887766");
    expect(whatsappDigits(null)).toBe("");
    expect(whatsappDigits(undefined)).toBe("");
  });
});

describe("whatsappLink", () => {
  it("prefixes 55 and encodes accents and spaces in the preview text", () => {
    expect(whatsappLink("(34) 9 9988-7766", "Vendo bicicleta em ótimo estado")).toBe(
      "https://wa.me/5534999887766?text=Vendo%20bicicleta%20em%20%C3%B3timo%20estado",
    );
  });

  it("cuts the preview at 40 characters", () => {
    const description = "Apartamento com três quartos, suíte, varanda gourmet e duas vagas";
    const link = whatsappLink("34999887766", description);
    const text = decodeURIComponent(new URL(link ?? "").searchParams.get("text") ?? "");
    expect(text).toBe("Apartamento com três quartos, suíte, var");
    expect(text).toHaveLength(40);
    expect(link).toBe(`https://wa.me/5534999887766?text=${encodeURIComponent(description.slice(0, 40))}`);
  });

  it("encodes characters that are special in URLs", () => {
    expect(whatsappLink("3438221234", "Troco & vendo: 50% off #1?")).toBe(
      "https://wa.me/553438221234?text=Troco%20%26%20vendo%3A%2050%25%20off%20%231%3F",
    );
  });

  it("does not split an emoji at the 40-character cut", () => {
    const description = `${"a".repeat(39)}😀 depois`;
    const link = whatsappLink("34999887766", description);
    expect(link).toBe(`https://wa.me/5534999887766?text=${"a".repeat(39)}${encodeURIComponent("😀")}`);
  });

  it("does not double the country code", () => {
    expect(whatsappLink("+55 (34) 99988-7766", "Oi")).toBe("https://wa.me/5534999887766?text=Oi");
    expect(whatsappLink("553438221234", "Oi")).toBe("https://wa.me/553438221234?text=Oi");
    // DDD 55 (Rio Grande do Sul) with a national-length number still gets the prefix.
    expect(whatsappLink("(55) 9 9999-8888", "Oi")).toBe("https://wa.me/5555999998888?text=Oi");
  });

  it("returns null without a number and omits empty text", () => {
    expect(whatsappLink(null, "Oi")).toBeNull();
    expect(whatsappLink("", "Oi")).toBeNull();
    expect(whatsappLink("sem número", "Oi")).toBeNull();
    expect(whatsappLink("34999887766", "")).toBe("https://wa.me/5534999887766");
  });
});

describe("formatWhatsapp", () => {
  it("masks 10 and 11 digit numbers", () => {
    expect(formatWhatsapp("3438221234")).toBe("(34) 3822-1234");
    expect(formatWhatsapp("34999887766")).toBe("(34) 9 9988-7766");
  });

  it("masks partial input while typing", () => {
    const typed = "34999887766";
    const steps = Array.from({ length: typed.length + 1 }, (_, n) => formatWhatsapp(typed.slice(0, n)));
    expect(steps).toEqual([
      "",
      "(3",
      "(34",
      "(34) 9",
      "(34) 99",
      "(34) 999",
      "(34) 9998",
      "(34) 9998-8",
      "(34) 9998-87",
      "(34) 9998-877",
      "(34) 9998-8776",
      "(34) 9 9988-7766",
    ]);
  });

  it("re-masks already formatted input and drops digits beyond 11", () => {
    expect(formatWhatsapp("(34) 9998-87766")).toBe("(34) 9 9988-7766");
    expect(formatWhatsapp("349998877661234")).toBe("(34) 9 9988-7766");
    expect(formatWhatsapp("abc")).toBe("");
  });
});

describe("isValidWhatsapp", () => {
  it("accepts 10 or 11 digits with a valid DDD", () => {
    expect(isValidWhatsapp("(34) 3822-1234")).toBe(true);
    expect(isValidWhatsapp("(34) 9 9988-7766")).toBe(true);
    expect(isValidWhatsapp("11987654321")).toBe(true);
    expect(isValidWhatsapp("99987654321")).toBe(true);
  });

  it("rejects wrong lengths and impossible DDDs", () => {
    expect(isValidWhatsapp("")).toBe(false);
    expect(isValidWhatsapp(null)).toBe(false);
    expect(isValidWhatsapp("999887766")).toBe(false); // 9 digits
    expect(isValidWhatsapp("349998877661")).toBe(false); // 12 digits
    expect(isValidWhatsapp("10987654321")).toBe(false); // DDD 10
    expect(isValidWhatsapp("01987654321")).toBe(false); // DDD 01
    expect(isValidWhatsapp("30987654321")).toBe(false); // second digit 0
  });
});
