import { describe, expect, it } from "vitest";
import { backOffStep, createMemoryThrottle, throttleStep } from "./throttle";

// 12:00:10 on some day: 50 s left in this clock minute.
const T = Date.UTC(2026, 5, 15, 12, 0, 10);

describe("throttleStep", () => {
  it("counts calls per clock minute and refuses reads over the budget until the minute ends", () => {
    let state = null;
    for (let i = 0; i < 3; i++) {
      const step = throttleStep(state, "read", T + i, 3);
      expect(step.verdict).toEqual({ ok: true });
      state = step.next;
    }
    expect(state).toEqual({ backoffUntilMs: null, windowStartMs: Date.UTC(2026, 5, 15, 12, 0, 0), windowCalls: 3 });
    const refused = throttleStep(state, "read", T + 5_000, 3);
    expect(refused).toEqual({ verdict: { ok: false, reason: "budget", retryAfterSeconds: 45 }, next: null });
    // A write always goes, and is counted.
    expect(throttleStep(state, "write", T + 5_000, 3).next?.windowCalls).toBe(4);
    // The next minute starts afresh.
    expect(throttleStep(state, "read", Date.UTC(2026, 5, 15, 12, 1, 0), 3)).toMatchObject({ verdict: { ok: true }, next: { windowCalls: 1 } });
  });

  it("refuses reads and writes alike during a back-off, then lets them go", () => {
    const state = backOffStep(null, T + 30_000, T);
    expect(throttleStep(state, "write", T + 500, 20).verdict).toEqual({ ok: false, reason: "backoff", retryAfterSeconds: 30 });
    expect(throttleStep(state, "read", T + 29_100, 20).verdict).toEqual({ ok: false, reason: "backoff", retryAfterSeconds: 1 });
    expect(throttleStep(state, "read", T + 30_000, 20).verdict).toEqual({ ok: true });
  });

  it("keeps the later of two back-offs", () => {
    const long = backOffStep(null, T + 60_000, T);
    expect(backOffStep(long, T + 5_000, T).backoffUntilMs).toBe(T + 60_000);
    expect(backOffStep(long, T + 90_000, T).backoffUntilMs).toBe(T + 90_000);
  });
});

describe("createMemoryThrottle", () => {
  it("applies the same rules within one process", () => {
    let now = T;
    const throttle = createMemoryThrottle({ readsPerMinute: 1, now: () => now });
    expect(throttle.reserve("read").ok).toBe(true);
    expect(throttle.reserve("read")).toMatchObject({ ok: false, reason: "budget" });
    expect(throttle.reserve("write").ok).toBe(true);
    throttle.backOff(now + 10_000);
    expect(throttle.reserve("write")).toEqual({ ok: false, reason: "backoff", retryAfterSeconds: 10 });
    now += 60_000;
    expect(throttle.reserve("read").ok).toBe(true);
  });
});
