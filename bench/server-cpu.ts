import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * CPU time (user + system, ms) the server's web has used so far: the first process (it hands each
 * connection to a worker) and the web workers, not a job's child that may run meanwhile.
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
  const ticks = (id: number) => {
    try {
      // Fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis: 12 and 13), in clock ticks of 10 ms.
      const fields = fs.readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0; // gone meanwhile
    }
  };
  return [pid, ...children].reduce((sum, id) => sum + ticks(id), 0) * 10;
}
