/**
 * The hash line's fairness (issue #32, finding 6): one e-mail flooded with guesses must not make every
 * other sign-in wait behind its queue, and the owner's known device goes first.
 */
import { describe, expect, it } from "vitest";
import { createLimiter, PasswordHashBusyError } from "./password-hash-line.mjs";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** One slot, held by a first job of `key` until the returned gate opens. */
function busyLine(key: string, maxWaiting = 32) {
  const limiter = createLimiter(1, maxWaiting);
  const gate = deferred();
  const first = limiter.run(() => gate.promise, { key });
  return { limiter, gate, first };
}

describe("the hash line serves its keys in turn", () => {
  it("a flood of one key is queued, then another key's job is served next, not after the flood", async () => {
    const { limiter, gate, first } = busyLine("alvo@exemplo.com");
    const served: string[] = [];
    const job = (name: string, key: string) => limiter.run(async () => void served.push(name), { key });
    const flood = Array.from({ length: 10 }, (_, i) => job(`alvo ${i}`, "alvo@exemplo.com"));
    const other = job("outra", "outra@exemplo.com");
    gate.resolve();
    await Promise.all([first, other, ...flood]);
    expect(served[0]).toBe("outra");
    expect(served.slice(1)).toEqual(Array.from({ length: 10 }, (_, i) => `alvo ${i}`));
  });

  it("two flooded keys take turns, each in its own arrival order", async () => {
    const { limiter, gate, first } = busyLine("c");
    const served: string[] = [];
    const job = (name: string, key: string) => limiter.run(async () => void served.push(name), { key });
    const jobs = [job("a1", "a"), job("a2", "a"), job("a3", "a"), job("b1", "b"), job("b2", "b")];
    gate.resolve();
    await Promise.all([first, ...jobs]);
    expect(served).toEqual(["a1", "b1", "a2", "b2", "a3"]);
  });

  it("an urgent job (the owner's known device) goes before every waiting one", async () => {
    const { limiter, gate, first } = busyLine("alvo");
    const served: string[] = [];
    const job = (name: string, key: string, urgent = false) => limiter.run(async () => void served.push(name), { key, urgent });
    const jobs = [job("outra", "outra"), job("alvo 1", "alvo"), job("dono", "alvo", true)];
    gate.resolve();
    await Promise.all([first, ...jobs]);
    expect(served[0]).toBe("dono");
  });

  it("one key may not fill the line: past half of it that key is refused, others still queue", async () => {
    const { limiter, gate, first } = busyLine("alvo", 8);
    const flood = Array.from({ length: 4 }, () => limiter.run(async () => "alvo", { key: "alvo" }));
    await expect(limiter.run(async () => "alvo", { key: "alvo" })).rejects.toBeInstanceOf(PasswordHashBusyError);
    const others = Array.from({ length: 4 }, (_, i) => limiter.run(async () => `outra ${i}`, { key: `outra ${i}` }));
    await expect(limiter.run(async () => "cheia", { key: "mais uma" })).rejects.toBeInstanceOf(PasswordHashBusyError);
    // Known devices have their own share of the line: a full line still takes them.
    const owner = limiter.run(async () => "dono", { key: "alvo", urgent: true });
    gate.resolve();
    await first;
    expect(await owner).toBe("dono");
    expect(await Promise.all([...flood, ...others])).toEqual(["alvo", "alvo", "alvo", "alvo", "outra 0", "outra 1", "outra 2", "outra 3"]);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("jobs without a key are each their own: served in arrival order, as before", async () => {
    const limiter = createLimiter(1, 8);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const served: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => limiter.run(async () => void served.push(i)));
    gate.resolve();
    await Promise.all([first, ...jobs]);
    expect(served).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
