/** The hash line: at most N password hashes at once, the rest in order, and a full line refused at once. */
import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import {
  createLimiter,
  createPasswordHasher,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  passwordHashStats,
  PasswordHashBusyError,
} from "~/services/password-hash.server";

// This file checks the hash itself and the line under real hashes: production's cost, not the suite's floor.
const { hashPassword, verifyPassword } = createPasswordHasher("production");

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createLimiter", () => {
  it("runs at most `maxConcurrent` tasks at once and starts the others in arrival order", async () => {
    const limiter = createLimiter(2, 10);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await gate.promise;
        running--;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.stats()).toEqual({ running: 2, waiting: 3 });
    for (const gate of [gates[1]!, gates[0]!, gates[2]!, gates[3]!, gates[4]!]) {
      gate.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once with PasswordHashBusyError when the line is full, and frees the slot of a task that throws", async () => {
    const limiter = createLimiter(1, 2);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const waiting = [limiter.run(async () => "a"), limiter.run(async () => "b")];
    await expect(limiter.run(async () => "c")).rejects.toBeInstanceOf(PasswordHashBusyError);
    gate.resolve();
    await first;
    expect(await Promise.all(waiting)).toEqual(["a", "b"]);
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(async () => "next")).toBe("next");
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("hashPassword and verifyPassword", () => {
  it("go through one shared line: a burst never runs more than MAX_CONCURRENT_HASHES argon2 calls at once", async () => {
    const hash = await hashPassword("Senha@123");
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, passwordHashStats().running)), 1);
    const burst = Array.from({ length: 4 }, (_, i) => verifyPassword(hash, i === 0 ? "Senha@123" : "Errada@123"));
    expect(passwordHashStats()).toEqual({ running: MAX_CONCURRENT_HASHES, waiting: 4 - MAX_CONCURRENT_HASHES });
    expect(await Promise.all(burst)).toEqual([true, false, false, false]);
    clearInterval(sample);
    expect(peak).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(MAX_WAITING_HASHES).toBeGreaterThan(0);
  }, 60_000);

  it("hashes on one lane (one thread, so a slot of the line is one core) and still checks hashes made on four", async () => {
    const hash = await hashPassword("Senha@123");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/);
    // A hash from before (the library's default of 4 lanes) still signs its owner in.
    const older = await argon2.hash("Senha@123", { type: argon2.argon2id });
    expect(older).toContain(",p=4,");
    expect(await verifyPassword(older, "Senha@123")).toBe(true);
  }, 60_000);

  it("a malformed stored hash is a failed check, not an error", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
    expect(await verifyPassword(null, "x")).toBe(false);
  });
});
