import { describe, it, expect } from "vitest";
import {
  CARD_MIN_CENTS,
  DEFAULT_AD_DAYS,
  DEFAULT_PRICE_PER_DAY_CENTS,
  MIN_AD_DAYS,
  adCostCents,
  chargedDays,
  defaultExpirationKey,
  minExpirationKey,
} from "./cost";

// 22/11/2026 11:00 in São Paulo.
const now = new Date("2026-11-22T14:00:00Z");

describe("chargedDays", () => {
  it("does not charge the first day", () => {
    expect(chargedDays("2026-11-22", now)).toBe(0); // expires today
    expect(chargedDays("2026-11-23", now)).toBe(1); // tomorrow
    expect(chargedDays("2026-11-25", now)).toBe(3); // in 3 days
    expect(chargedDays("2026-12-22", now)).toBe(30);
  });

  it("never goes below zero for past days", () => {
    expect(chargedDays("2026-11-21", now)).toBe(0);
    expect(chargedDays("2025-01-01", now)).toBe(0);
  });

  it("counts from the São Paulo day, not the UTC one", () => {
    const lateEvening = new Date("2026-11-23T02:30:00Z"); // still 22/11, 23:30 in São Paulo
    expect(chargedDays("2026-11-25", lateEvening)).toBe(3);
    const justAfterMidnight = new Date("2026-11-23T03:00:00Z"); // 23/11, 00:00
    expect(chargedDays("2026-11-25", justAfterMidnight)).toBe(2);
  });
});

describe("adCostCents", () => {
  it("multiplies charged days by the price per day", () => {
    expect(adCostCents("2026-11-25", 250, now)).toBe(750);
    expect(adCostCents("2026-11-23", 250, now)).toBe(250);
    expect(adCostCents("2026-11-22", 250, now)).toBe(0);
    expect(adCostCents("2026-11-20", 250, now)).toBe(0);
    expect(adCostCents("2026-11-25", 172, now)).toBe(516);
  });

  it("reaches the card minimum at 3 days of R$ 1,72 but not at 2 days", () => {
    expect(adCostCents(minExpirationKey(now), 172, now)).toBeGreaterThanOrEqual(CARD_MIN_CENTS);
    expect(adCostCents("2026-11-24", 172, now)).toBeLessThan(CARD_MIN_CENTS);
  });
});

describe("defaults", () => {
  it("defaults and minimum expiration are today + 3 days", () => {
    expect(defaultExpirationKey(now)).toBe("2026-11-25");
    expect(minExpirationKey(now)).toBe("2026-11-25");
    expect(minExpirationKey(new Date("2026-12-30T12:00:00Z"))).toBe("2027-01-02");
    // 23:30 on 31/12 in São Paulo is already 2027 in UTC.
    expect(defaultExpirationKey(new Date("2027-01-01T02:30:00Z"))).toBe("2027-01-03");
  });

  it("exposes the spec constants", () => {
    expect(MIN_AD_DAYS).toBe(3);
    expect(DEFAULT_AD_DAYS).toBe(3);
    expect(CARD_MIN_CENTS).toBe(500);
    expect(DEFAULT_PRICE_PER_DAY_CENTS).toBe(250);
    expect(chargedDays(defaultExpirationKey(now), now)).toBe(3);
  });
});
