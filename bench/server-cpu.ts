import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** One clock tick of /proc's times (USER_HZ on Linux). */
const TICK_MS = 1000 / 100;

/** CPU time (user + system, ms) process `pid` has used so far; 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis: 12 and 13), in clock ticks.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // gone meanwhile
  }
}

/**
 * CPU time (ms) the server's web has used so far: the first process (it hands each connection to a
 * worker) and the web workers, not a job's child that may run meanwhile.
 */
export function serverCpuMs(pid: number) {
  const isWorker = (id: number) => {
    try {
      // node:cluster gives its workers this variable (as in serverMemory).
      return fs.readFileSync(`/proc/${id}/environ`, "utf8").includes("NODE_UNIQUE_ID=");
    } catch {
      return false;
    }
  };
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).trim().split(/\s+/).filter(Boolean).map(Number).filter(isWorker);
  return [pid, ...children].reduce((sum, id) => sum + processCpuMs(id), 0);
}

/** CPU time (ms) of `pid` and all its descendants (jobs' children included). */
export function processTreeCpuMs(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const current = stack.pop()!;
    total += processCpuMs(current);
    try {
      for (const task of fs.readdirSync(`/proc/${current}/task`)) {
        const children = fs.readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim();
        if (children) stack.push(...children.split(" ").map(Number));
      }
    } catch {
      // A process that ended between the reads.
    }
  }
  return total;
}
