import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { buildIconSprite, MASKS_CSS_PATH, SPRITE_PATH, stylesheetWithMasks } from "../../scripts/build-icon-sprite";
import { ICON_NAMES } from "./icon-names";

describe("the icon sprite", () => {
  test("the committed app/assets/icons.svg is what `npm run icons` makes from icon-names.ts", async () => {
    expect(fs.readFileSync(SPRITE_PATH, "utf8")).toBe(await buildIconSprite());
  });

  test("has one drawn symbol per name, and nothing else", () => {
    const sprite = fs.readFileSync(SPRITE_PATH, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(ids.map((m) => m[1]).sort()).toEqual([...ICON_NAMES].sort());
    for (const [, name, body] of ids) expect(body, name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse) /);
  });

  test("the icon masks in app/tailwind.css are what `npm run icons` makes from MASK_ICON_NAMES", async () => {
    const css = fs.readFileSync(MASKS_CSS_PATH, "utf8");
    expect(css).toBe(await stylesheetWithMasks(css));
  });
});
