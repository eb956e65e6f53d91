import { describe, it, expect } from "vitest";
import {
  TIME_ZONE,
  addDaysToKey,
  dateKey,
  daysBetweenKeys,
  expirationInstantFromKey,
  expirationKeyFromInstant,
  formatDateBR,
  formatDateKeyBR,
  formatDateTimeBR,
  isCreatedToday,
  isValidDateKey,
  monthKey,
  startOfDayInstant,
  todayKey,
} from "./dates";

const at = (iso: string) => new Date(iso);

describe("dateKey / todayKey around São Paulo midnight", () => {
  it("uses the São Paulo calendar day, not the UTC one", () => {
    expect(TIME_ZONE).toBe("America/Sao_Paulo");
    expect(dateKey(at("2026-11-22T02:59:59.999Z"))).toBe("2026-11-21");
    expect(dateKey(at("2026-11-22T03:00:00.000Z"))).toBe("2026-11-22");
    expect(todayKey(at("2026-11-22T02:59:59Z"))).toBe("2026-11-21");
    expect(todayKey(at("2026-11-22T03:00:00Z"))).toBe("2026-11-22");
    expect(dateKey(at("2026-11-23T02:59:59Z"))).toBe("2026-11-22");
  });

  it("defaults `now` to the current time", () => {
    expect(isValidDateKey(todayKey())).toBe(true);
  });
});

describe("monthKey", () => {
  it("switches month at São Paulo midnight", () => {
    expect(monthKey(at("2026-12-01T02:59:59Z"))).toBe("2026-11");
    expect(monthKey(at("2026-12-01T03:00:00Z"))).toBe("2026-12");
    expect(monthKey(at("2027-01-01T02:00:00Z"))).toBe("2026-12");
    expect(monthKey(at("2027-01-01T03:00:00Z"))).toBe("2027-01");
  });
});

describe("key arithmetic", () => {
  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDaysToKey("2026-11-22", 3)).toBe("2026-11-25");
    expect(addDaysToKey("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDaysToKey("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToKey("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToKey("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDaysToKey("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDaysToKey("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("counts whole days between keys", () => {
    expect(daysBetweenKeys("2026-11-22", "2026-11-25")).toBe(3);
    expect(daysBetweenKeys("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysBetweenKeys("2026-11-25", "2026-11-22")).toBe(-3);
    expect(daysBetweenKeys("2026-12-30", "2027-01-02")).toBe(3);
    // Across Brazil's old DST changes the answer is still whole days.
    expect(daysBetweenKeys("2018-11-01", "2019-03-01")).toBe(120);
  });

  it("rejects malformed keys", () => {
    expect(() => addDaysToKey("2026-02-30", 1)).toThrow(RangeError);
    expect(() => daysBetweenKeys("22/11/2026", "2026-11-22")).toThrow(RangeError);
  });

  it("validates keys", () => {
    expect(isValidDateKey("2026-11-22")).toBe(true);
    expect(isValidDateKey("2028-02-29")).toBe(true);
    expect(isValidDateKey("2027-02-29")).toBe(false);
    expect(isValidDateKey("2026-13-01")).toBe(false);
    expect(isValidDateKey("2026-11-31")).toBe(false);
    expect(isValidDateKey("2026-11-00")).toBe(false);
    expect(isValidDateKey("2026-1-22")).toBe(false);
    expect(isValidDateKey("2026-11-22T00:00")).toBe(false);
    expect(isValidDateKey("")).toBe(false);
  });
});

describe("isCreatedToday", () => {
  const now = at("2026-11-22T15:00:00Z"); // 12:00 in São Paulo

  it("compares São Paulo calendar days", () => {
    expect(isCreatedToday(at("2026-11-22T03:00:00Z"), now)).toBe(true);
    expect(isCreatedToday(at("2026-11-22T02:59:59Z"), now)).toBe(false); // 23:59:59 on the 21st
    expect(isCreatedToday(at("2026-11-23T02:59:59Z"), now)).toBe(true); // 23:59:59 on the 22nd
    expect(isCreatedToday(at("2026-11-23T03:00:00Z"), now)).toBe(false);
  });
});

describe("formatting", () => {
  it("formats dates in São Paulo", () => {
    expect(formatDateBR(at("2026-11-22T17:05:00Z"))).toBe("22/11/2026");
    expect(formatDateBR(at("2026-11-22T02:59:59Z"))).toBe("21/11/2026");
    expect(formatDateBR(at("2026-01-05T12:00:00Z"))).toBe("05/01/2026");
  });

  it("formats date and time in São Paulo with a 24-hour clock", () => {
    expect(formatDateTimeBR(at("2026-11-22T17:05:00Z"))).toBe("22/11/2026 14:05");
    expect(formatDateTimeBR(at("2026-11-22T03:00:00Z"))).toBe("22/11/2026 00:00");
    expect(formatDateTimeBR(at("2026-11-22T02:59:00Z"))).toBe("21/11/2026 23:59");
  });

  it("formats a day key without any zone conversion", () => {
    expect(formatDateKeyBR("2026-11-25")).toBe("25/11/2026");
    expect(formatDateKeyBR("2027-01-01")).toBe("01/01/2027");
  });
});

describe("startOfDayInstant", () => {
  it("is 00:00 in São Paulo (03:00Z at -03:00)", () => {
    expect(startOfDayInstant("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfDayInstant("2027-01-01").toISOString()).toBe("2027-01-01T03:00:00.000Z");
  });

  it("round-trips with dateKey", () => {
    for (const key of ["2026-01-01", "2026-06-15", "2026-11-22", "2026-12-31"]) {
      const start = startOfDayInstant(key);
      expect(dateKey(start)).toBe(key);
      expect(dateKey(new Date(start.getTime() - 1))).toBe(addDaysToKey(key, -1));
    }
  });

  // Brazil observed DST until 2019; the tz database keeps that history, which lets us
  // check the code does not assume a fixed -03:00.
  it("follows historical DST offsets", () => {
    expect(startOfDayInstant("2019-01-15").toISOString()).toBe("2019-01-15T02:00:00.000Z"); // -02:00
    // DST ended at 00:00 on 17/02/2019 (clocks went back to 23:00 on the 16th).
    expect(startOfDayInstant("2019-02-17").toISOString()).toBe("2019-02-17T03:00:00.000Z");
    // DST started at 00:00 on 04/11/2018: local midnight did not exist, the day began at 01:00.
    expect(startOfDayInstant("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(dateKey(new Date(startOfDayInstant("2018-11-04").getTime() - 1))).toBe("2018-11-03");
  });
});

describe("expiration instants", () => {
  it("keeps an ad visible through the whole São Paulo expiration day", () => {
    const exp = expirationInstantFromKey("2026-11-25");
    expect(exp.toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(dateKey(new Date(exp.getTime() - 1))).toBe("2026-11-25");
    expect(dateKey(exp)).toBe("2026-11-26");
  });

  it("maps the stored instant back to the last visible day", () => {
    expect(expirationKeyFromInstant(at("2026-11-26T03:00:00Z"))).toBe("2026-11-25");
    for (const key of ["2026-11-25", "2026-12-31", "2027-02-28", "2019-02-16", "2018-11-03"]) {
      expect(expirationKeyFromInstant(expirationInstantFromKey(key))).toBe(key);
    }
  });

  it("reads an arbitrary instant as the day it falls in", () => {
    expect(expirationKeyFromInstant(at("2026-11-26T02:59:59Z"))).toBe("2026-11-25");
    expect(expirationKeyFromInstant(at("2026-11-25T15:00:00Z"))).toBe("2026-11-25");
  });
});
