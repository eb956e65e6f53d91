import { describe, expect, it } from "vitest";
import { COPIED_PHOTO_MAX_DISTANCE, COPIED_VIEW_MAX_DISTANCE, PHOTO_HASH_BAND_RADIUS, PHOTO_HASH_BANDS, PHOTO_VIEW_BAND_RADIUS, PHOTO_VIEW_BANDS } from "./fraud-signals";

describe("the photo hash's bands", () => {
  it("cover the 16 hex digits once each", () => {
    const digits = PHOTO_HASH_BANDS.flatMap(([start, length]) => Array.from({ length }, (_, i) => start + i));
    expect(digits).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it("leave one band within the radius whenever two hashes are within the limit (pigeonhole)", () => {
    // Spread the limit's bits as evenly as possible: the band with the fewest still has at most the radius.
    const fewest = Math.floor(COPIED_PHOTO_MAX_DISTANCE / PHOTO_HASH_BANDS.length);
    expect(PHOTO_HASH_BAND_RADIUS).toBe(fewest);
    expect(PHOTO_HASH_BAND_RADIUS * PHOTO_HASH_BANDS.length + PHOTO_HASH_BANDS.length - 1).toBeGreaterThanOrEqual(COPIED_PHOTO_MAX_DISTANCE);
  });
});

describe("the views' longer bands", () => {
  it("cover the 16 hex digits once each", () => {
    const digits = PHOTO_VIEW_BANDS.flatMap(([start, length]) => Array.from({ length }, (_, i) => start + i));
    expect(digits).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it("leave one band within the radius whenever two views are within their limit (pigeonhole)", () => {
    expect(PHOTO_VIEW_BAND_RADIUS * PHOTO_VIEW_BANDS.length + PHOTO_VIEW_BANDS.length - 1).toBeGreaterThanOrEqual(COPIED_VIEW_MAX_DISTANCE);
    expect(COPIED_VIEW_MAX_DISTANCE).toBeLessThan(COPIED_PHOTO_MAX_DISTANCE);
  });
});
