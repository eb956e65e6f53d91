import { describe, expect, it } from "vitest";
import { barLength, columnBars, compactNumber, labelStep, niceAxis, showsLabel } from "~/lib/charts";

describe("niceAxis", () => {
  it("rounds the maximum up to a round step", () => {
    expect(niceAxis(87)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceAxis(3, { integer: true })).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceAxis(9, { integer: true })).toEqual({ max: 20, ticks: [0, 5, 10, 15, 20] });
    expect(niceAxis(123_456).max).toBeGreaterThanOrEqual(123_456);
  });

  it("draws an empty chart on a 0..count axis", () => {
    expect(niceAxis(0)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
  });
});

describe("bars", () => {
  it("places columns inside the plot area, proportional to the axis", () => {
    const bars = columnBars([0, 5, 10], { left: 10, bottom: 110, width: 30, height: 100 }, 10, 0);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100]);
    expect(bars[2]).toMatchObject({ x: 30, y: 10, width: 10 });
  });

  it("gives any non-zero value a visible length", () => {
    expect(barLength(1, 10_000, 200)).toBe(2);
    expect(barLength(0, 10, 200)).toBe(0);
    expect(barLength(5, 10, 200)).toBe(100);
  });

  it("thins long axes' labels and writes big numbers short", () => {
    expect(labelStep(30, 6)).toBe(5);
    // Counted back from the last label, so the last two never collide.
    expect(Array.from({ length: 12 }, (_, i) => i).filter((i) => showsLabel(i, 12, 2))).toEqual([1, 3, 5, 7, 9, 11]);
    expect(compactNumber(1234)).toBe("1.234");
    expect(compactNumber(1_500_000)).toBe("1,5 mi");
  });
});
