import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { idSchema, positiveId } from "./id";
import { parseId } from "./parse-id";

describe("one rule for ids, in addresses, forms and JSON", () => {
  it.each([
    ["12", 12],
    [12, 12],
    ["9007199254740991", 9007199254740991],
  ])("takes %j", (value, id) => {
    expect(parseId(value)).toBe(id);
    expect(z.safeParse(idSchema, value)).toEqual({ success: true, data: id });
  });

  it.each(["0x10", "1e3", " 12", "12 ", "1.5", "-3", "0", "", "abc", "9007199254740993", 0, -1, 1.5, Number.NaN, null, undefined, true, {}])(
    "refuses %j everywhere alike",
    (value) => {
      expect(parseId(value)).toBeNull();
      expect(z.safeParse(positiveId("Selecione uma categoria"), value).error?.issues[0]?.message).toBe("Selecione uma categoria");
    },
  );
});
