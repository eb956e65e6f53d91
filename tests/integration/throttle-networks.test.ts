/**
 * Per-address throttles count an IPv6 client by its /64 (models/account/throttle.server.ts `addressKey`):
 * one home or phone holds a whole /64 and can pick a fresh address for every attempt. The abuse case: a
 * script walking through its /64 gets one limit, not one per address; a neighbour's /64 keeps its own.
 */
import { describe, expect, it } from "vitest";
import { admitGuess, countAttempt, throttleKeys } from "~/models/account/throttle.server";
import { keepMessageDraft } from "~/models/message/drafts.server";

const inOneHome = (i: number) => `2001:db8:aa:${"1"}:${(i + 1).toString(16)}:0:0:${(i * 7 + 3).toString(16)}`;

describe("throttles by network", () => {
  it("key an IPv6 address by its /64 and an IPv4 one (also written as IPv6) by itself", () => {
    expect(throttleKeys("register", null, inOneHome(1))).toEqual(throttleKeys("register", null, inOneHome(2)));
    expect(throttleKeys("register", null, "2001:db8:aa:2::1")).not.toEqual(throttleKeys("register", null, inOneHome(1)));
    expect(throttleKeys("register", null, "::ffff:203.0.113.9")).toEqual(["register-ip:203.0.113.9"]);
  });

  it("give a /64 one limit, whatever address each attempt comes from", () => {
    const now = new Date();
    for (let i = 0; i < 30; i++) expect(countAttempt("report-ip", throttleKeys("report", null, inOneHome(100 + i)), now).ok).toBe(true);
    expect(countAttempt("report-ip", throttleKeys("report", null, inOneHome(200)), now).ok).toBe(false);
    expect(countAttempt("report-ip", throttleKeys("report", null, "2001:db8:bb:1::5"), now).ok).toBe(true);
  });

  it("hold sign-in guesses from many addresses of one /64 to the address limit", async () => {
    const now = new Date();
    const results = [];
    // Thirty e-mails, so the per-e-mail limits stay out of it: only the address's limit (30 in 15 min) is left.
    for (let i = 0; i < 31; i++) results.push(await admitGuess("login", `vitima${i}@exemplo.com.br`, inOneHome(300 + i), { now }));
    expect(results.slice(0, 30).every((result) => result.ok)).toBe(true);
    expect(results[30]!.ok).toBe(false);
  });

  it("count a visitor's message drafts by network too", () => {
    const now = new Date();
    for (let i = 0; i < 30; i++) keepMessageDraft(999_999, "Olá", inOneHome(400 + i), now);
    expect(keepMessageDraft(999_999, "Olá", inOneHome(500), now)).toMatchObject({ ok: false, status: 429 });
  });
});
