import { readFileSync } from "node:fs";

// The server's own CPU time during a run, from /proc (Linux): a process and its children (nginx's master and its
// workers), user + system, all threads. On two shared cores the client, the server and other people's work take
// turns, so req/s alone mixes the server's cost with everyone else's; CPU seconds per answer is the server's cost.

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const TICKS = 100;

function ownTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces and parentheses: the fields are counted from after its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and the state.
  return Number(fields[11]) + Number(fields[12]);
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds spent so far by `pids` and their descendants; null where /proc cannot tell (not Linux, gone). */
export function cpuSeconds(pids: number[]): number | null {
  try {
    let ticks = 0;
    const seen = new Set<number>();
    const visit = (pid: number) => {
      if (seen.has(pid)) return;
      seen.add(pid);
      ticks += ownTicks(pid);
      children(pid).forEach(visit);
    };
    pids.forEach(visit);
    return ticks / TICKS;
  } catch {
    return null;
  }
}

/** Runs `work` and returns its result with the CPU seconds `pids` spent meanwhile (null when unknown). */
export async function withServerCpu<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cpuSeconds: number | null }> {
  const before = cpuSeconds(pids);
  const result = await work();
  const after = cpuSeconds(pids);
  return { result, cpuSeconds: before === null || after === null ? null : after - before };
}
