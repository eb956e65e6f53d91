/** The one message a web worker wakes a job with (job-wake-up.mjs): sent only by a worker, and recognised only when well-formed. */
import cluster from "node:cluster";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isJobWakeUp, JOB_WAKE_UP, wakeJob } from "./job-wake-up.mjs";

describe("a job's wake-up", () => {
  const send = process.send;
  afterEach(() => {
    process.send = send;
    Object.assign(cluster, { isWorker: false });
  });

  it("goes from a web worker to the first process, with the job and the time", () => {
    process.send = vi.fn();
    Object.assign(cluster, { isWorker: true });
    wakeJob("message-mails", new Date(1_700_000_000_000));
    expect(process.send).toHaveBeenCalledWith({ type: JOB_WAKE_UP, job: "message-mails", at: 1_700_000_000_000 });
    expect(isJobWakeUp(vi.mocked(process.send).mock.calls[0]![0])).toBe(true);
  });

  it("is not sent by a process that is not a web worker (a job's child, a script, a test)", () => {
    process.send = vi.fn();
    wakeJob("message-mails", new Date());
    expect(process.send).not.toHaveBeenCalled();
  });

  it("is not mistaken for another message, nor accepted without a job or a finite time", () => {
    for (const other of [null, "job:wake-up", { type: "metrics:scrape", id: 1 }, { type: JOB_WAKE_UP, at: 1 }, { type: JOB_WAKE_UP, job: "x", at: Number.NaN }, { type: JOB_WAKE_UP, job: "x", at: "1" }]) {
      expect(isJobWakeUp(other)).toBe(false);
    }
  });
});
