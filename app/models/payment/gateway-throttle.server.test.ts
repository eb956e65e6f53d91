/**
 * The throttle every worker shares through SQLite. Two throttle instances stand for two worker
 * processes: neither keeps anything in memory, so what one records the other must read from the
 * table; a separate connection (as another process would open) sees the same row.
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { createSqliteThrottle } from "./gateway-throttle.server";

// 12:00:10: 50 s left in this clock minute.
const T = Date.UTC(2026, 5, 15, 12, 0, 10);

const otherProcess = new Database(sqlite.name, { readonly: true });
afterAll(() => otherProcess.close());

function twoWorkers(gateway: string, readsPerMinute = 20) {
  const clock = { now: T };
  const now = () => clock.now;
  return { clock, a: createSqliteThrottle({ gateway, readsPerMinute, now }), b: createSqliteThrottle({ gateway, readsPerMinute, now }) };
}

describe("createSqliteThrottle", () => {
  it("makes every worker wait out a 429 seen by one of them", () => {
    const { clock, a, b } = twoWorkers("backoff-test");
    expect(b.reserve("read").ok).toBe(true);
    a.backOff(T + 30_000);
    expect(b.reserve("read")).toEqual({ ok: false, reason: "backoff", retryAfterSeconds: 30 });
    expect(b.reserve("write")).toEqual({ ok: false, reason: "backoff", retryAfterSeconds: 30 });
    clock.now = T + 30_000;
    expect(b.reserve("write").ok).toBe(true);
    expect(a.reserve("read").ok).toBe(true);
  });

  it("shares one read budget per minute across workers; writes always go and are counted", () => {
    const { clock, a, b } = twoWorkers("budget-test", 3);
    expect([a.reserve("read"), b.reserve("read"), a.reserve("read")].every((v) => v.ok)).toBe(true);
    expect(b.reserve("read")).toEqual({ ok: false, reason: "budget", retryAfterSeconds: 50 });
    expect(a.reserve("read")).toMatchObject({ ok: false, reason: "budget" });
    expect(b.reserve("write").ok).toBe(true);
    expect(a.reserve("write").ok).toBe(true);
    const row = otherProcess.prepare("SELECT window_calls AS calls, window_start AS start FROM gateway_throttle WHERE gateway = ?").get("budget-test");
    expect(row).toEqual({ calls: 5, start: Date.UTC(2026, 5, 15, 12, 0, 0) });
    clock.now = Date.UTC(2026, 5, 15, 12, 1, 0);
    expect(b.reserve("read").ok).toBe(true);
  });

  it("keeps one row per gateway account", () => {
    const { a } = twoWorkers("account-one", 1);
    const { b } = twoWorkers("account-two", 1);
    expect(a.reserve("read").ok).toBe(true);
    expect(b.reserve("read").ok).toBe(true);
    expect(a.reserve("read").ok).toBe(false);
  });
});
