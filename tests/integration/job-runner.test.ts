/**
 * The first process's job runner (server/job-runner.mjs) with stand-in children: jobs run one at a
 * time, a child that runs past the timeout is stopped (SIGTERM, then SIGKILL when it ignores that) and
 * its job tried again later, and the next job is not held back by it. A web worker's wake-up brings a
 * job's next run forward, never back, also when it comes while the job runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { broughtForward, createJobRunner } from "../../server/job-runner.mjs";

type Exit = { message: { type: "job:done"; next: number | null; metrics: [] } | null; code: number | null };

/** A stand-in for a forked job child: it finishes when told, and dies on the signals it does not ignore. */
function fakeChild(name: string, ignores: NodeJS.Signals[] = []) {
  let exit!: (value: Exit) => void;
  const done = new Promise<Exit>((resolve) => (exit = resolve));
  const child = {
    name,
    pid: 1000 + Math.floor(Math.random() * 1000),
    exitCode: null as number | null,
    signalCode: null as NodeJS.Signals | null,
    signals: [] as NodeJS.Signals[],
    kill(signal: NodeJS.Signals = "SIGTERM") {
      child.signals.push(signal);
      if (ignores.includes(signal) || child.exitCode !== null || child.signalCode !== null) return true;
      child.signalCode = signal;
      exit({ message: null, code: 128 });
      return true;
    },
    finish(next: number | null) {
      child.exitCode = 0;
      exit({ message: { type: "job:done", next, metrics: [] }, code: 0 });
    },
  };
  return { child, done };
}

const MINUTE = 60_000;

describe("the job runner", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function runner(ignores: Record<string, NodeJS.Signals[]> = {}) {
    const forked: ReturnType<typeof fakeChild>["child"][] = [];
    const log = { log: vi.fn(), error: vi.fn() };
    const jobs = createJobRunner({
      forkJob: (name) => {
        const { child, done } = fakeChild(name, ignores[name]);
        forked.push(child);
        return { child, done };
      },
      timeoutMs: 60 * MINUTE,
      retryMs: 5 * MINUTE,
      killGraceMs: 10_000,
      log,
    });
    return { jobs, forked, log };
  }

  it("runs the jobs one at a time, and plans each again when its child says", async () => {
    const { jobs, forked, log } = runner();
    jobs.start([
      { name: "backup", at: Date.now() },
      { name: "daily", at: Date.now() },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(forked.map((child) => child.name)).toEqual(["backup"]);
    forked[0]!.finish(Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(0);
    expect(forked.map((child) => child.name)).toEqual(["backup", "daily"]);
    expect(log.log).toHaveBeenCalledWith(expect.stringContaining("[jobs] backup: done"));
  });

  it("stops a hung child after the timeout, lets the next job run, and tries the hung one again later", async () => {
    const { jobs, forked, log } = runner();
    jobs.start([
      { name: "backup", at: Date.now() },
      { name: "daily", at: Date.now() },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    // The backup hangs: the daily job waits behind it until the timeout.
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(forked.map((child) => child.name)).toEqual(["backup"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(forked[0]!.signals).toEqual(["SIGTERM"]);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("[jobs] backup: still running after 60 minutes"));
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("was stopped for running too long"));
    expect(forked.map((child) => child.name)).toEqual(["backup", "daily"]);

    forked[1]!.finish(null);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(forked.map((child) => child.name)).toEqual(["backup", "daily", "backup"]);
  });

  it("kills a child that ignores SIGTERM once the grace time is over", async () => {
    const { jobs, forked } = runner({ backup: ["SIGTERM"] });
    jobs.start([{ name: "backup", at: Date.now() }]);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(forked[0]!.signals).toEqual(["SIGTERM"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(forked[0]!.signals).toEqual(["SIGTERM", "SIGKILL"]);
    expect(forked[0]!.signalCode).toBe("SIGKILL");
  });

  it("never stops a job that finishes in time, nor kills a child that has already gone", async () => {
    const { jobs, forked } = runner();
    jobs.start([{ name: "daily", at: Date.now() }]);
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    forked[0]!.finish(null);
    await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
    expect(forked[0]!.signals).toEqual([]);
    expect(forked).toHaveLength(1);
  });

  it("brings a sleeping job's run forward to a wake-up, never back; ignores a job it does not run", async () => {
    const { jobs, forked } = runner();
    jobs.start([{ name: "message-mails", at: Date.now() + 60 * MINUTE }]);
    jobs.wake("message-mails", Date.now() + 5 * MINUTE);
    jobs.wake("message-mails", Date.now() + 8 * MINUTE);
    jobs.wake("backup", Date.now());
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(forked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(forked.map((child) => child.name)).toEqual(["message-mails"]);
    // Planned once: nothing more at the later wake-up nor at the hour it replaced.
    forked[0]!.finish(null);
    await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
    expect(forked).toHaveLength(1);
  });

  it("keeps a wake-up that comes while the job runs for the time its child then reports", async () => {
    const { jobs, forked } = runner();
    jobs.start([{ name: "message-mails", at: Date.now() }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(forked).toHaveLength(1);
    // A message stored after the child looked: it reports the hour, the wake-up says 5 minutes.
    jobs.wake("message-mails", Date.now() + 5 * MINUTE);
    forked[0]!.finish(Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(forked).toHaveLength(2);
    forked[1]!.finish(Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(60 * MINUTE - 1);
    expect(forked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(forked).toHaveLength(3);
  });
});

describe("a job's next run once woken", () => {
  it("is the wake-up's time when none was planned or the planned run is later, else the planned one", () => {
    expect(broughtForward(null, 5_000)).toBe(5_000);
    expect(broughtForward(60_000, 5_000)).toBe(5_000);
    expect(broughtForward(3_000, 5_000)).toBe(3_000);
  });
});
