import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { keepLines, multiLine, oneLine, singleLine } from "~/lib/plain-text";

describe("singleLine", () => {
  it("turns each run of line breaks and control characters (with the spaces around them) into one space, trimmed", () => {
    expect(singleLine("Esteira haltere\r\nBcc: vitima@evil.example\r\nSubject: hacked")).toBe("Esteira haltere Bcc: vitima@evil.example Subject: hacked");
    expect(singleLine(" a \t\n b\u0000c\u0085d\u2028e\u2029f\u007f\u001b[0m ")).toBe("a b c d e f [0m");
  });

  it("leaves ordinary text alone: accents, emoji, double spaces, no-break spaces", () => {
    for (const text of ["Câmbio  Shimano", "Bolo 🎂 de fubá", "R$\u00a0100,00", "👩‍🌾 agricultora"]) expect(singleLine(text)).toBe(text);
  });
});

describe("multiLine", () => {
  it("keeps lines as \\n whatever their convention, and turns other control characters into spaces", () => {
    expect(multiLine("um\r\ndois\rtrês\u2028quatro\nfim\t!\u0000")).toBe("um\ndois\ntrês\nquatro\nfim !");
  });
});

describe("as zod checks", () => {
  it("normalise before the length checks that follow them", () => {
    expect(z.string().check(oneLine(), z.maxLength(5)).parse(" a\r\nb ")).toBe("a b");
    expect(z.string().check(keepLines(), z.minLength(1)).safeParse("\u0000\r\n").success).toBe(false);
  });
});
