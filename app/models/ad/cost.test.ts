import { describe, it, expect } from "vitest";
import {
  CARD_MIN_CENTS,
  DEFAULT_AD_DAYS,
  MIN_AD_DAYS,
  adCostCents,
  chargedDays,
  chargedDaysFrom,
  defaultExpirationKey,
  minExpirationKey,
} from "./cost";
import { DEFAULT_PRICE_PER_DAY_CENTS } from "~/models/setting/setting";
import { todayKey } from "~/lib/dates";

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

describe("chargedDaysFrom (São Paulo days, as the wizard's cost box counts them)", () => {
  it("charges every day after today, the first day free", () => {
    expect(chargedDaysFrom("2026-11-22", "2026-11-22")).toBe(0);
    expect(chargedDaysFrom("2026-11-22", "2026-11-23")).toBe(1);
    expect(chargedDaysFrom("2026-11-22", "2026-11-25")).toBe(3);
    expect(chargedDaysFrom("2026-11-22", "2026-11-21")).toBe(0);
  });

  it("counts across months, years and leap days", () => {
    expect(chargedDaysFrom("2026-12-30", "2027-01-02")).toBe(3);
    expect(chargedDaysFrom("2028-02-27", "2028-03-01")).toBe(3); // 2028 is a leap year
    expect(chargedDaysFrom("2027-02-27", "2027-03-01")).toBe(2);
    expect(chargedDaysFrom("2026-01-01", "2027-01-01")).toBe(365);
  });

  it("counts whole days across Brazil's old daylight-saving changes", () => {
    // DST began on 2018-11-04 and ended on 2019-02-17 in São Paulo: 23- and 25-hour days.
    expect(chargedDaysFrom("2018-11-03", "2018-11-06")).toBe(3);
    expect(chargedDaysFrom("2019-02-16", "2019-02-19")).toBe(3);
  });

  it("agrees with chargedDays on both sides of São Paulo midnight (03:00 UTC)", () => {
    const before = new Date("2026-11-23T02:59:59.999Z"); // 22/11 23:59:59 in São Paulo
    const after = new Date("2026-11-23T03:00:00.000Z"); // 23/11 00:00
    expect(todayKey(before)).toBe("2026-11-22");
    expect(todayKey(after)).toBe("2026-11-23");
    expect(chargedDaysFrom(todayKey(before), "2026-11-25")).toBe(chargedDays("2026-11-25", before));
    expect(chargedDaysFrom(todayKey(after), "2026-11-25")).toBe(chargedDays("2026-11-25", after));
    expect(chargedDays("2026-11-25", before)).toBe(3);
    expect(chargedDays("2026-11-25", after)).toBe(2);
    // The minimum expiration moves with the São Paulo day, not the UTC one.
    expect(minExpirationKey(before)).toBe("2026-11-25");
    expect(minExpirationKey(after)).toBe("2026-11-26");
    expect(minExpirationKey(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-25"); // 20:30 in São Paulo, already 23/11 in UTC
  });

  it("costs charged days × price per day at the boundary", () => {
    const lateEvening = new Date("2026-11-23T02:30:00Z");
    expect(adCostCents(minExpirationKey(lateEvening), 250, lateEvening)).toBe(750);
    expect(adCostCents("2026-12-22", 250, lateEvening)).toBe(30 * 250);
  });
});
