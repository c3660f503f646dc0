import { readFileSync } from 'node:fs';

/**
 * What a process has spent so far: CPU (user + system, from /proc/<pid>/stat, in ms) and write system calls
 * (`syscw` from /proc/<pid>/io). On a shared machine req/s moves with everyone else's load; the CPU a server
 * spends per request barely does, so it is the steadier figure (docs/performance.md).
 */
export interface ProcessCost {
  cpuMs: number;
  writeSyscalls: number | undefined;
}

// USER_HZ: the unit of utime and stime; 100 on every Linux this runs on (getconf CLK_TCK).
const CLOCK_TICKS_PER_SECOND = 100;

export function processCost(pid: number): ProcessCost {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line (utime, stime) are 12 and 13 after the name and the state.
  const ticks = Number(fields[11]) + Number(fields[12]);
  let writeSyscalls: number | undefined;
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const match = /^syscw:\s+(\d+)$/m.exec(io);
    writeSyscalls = match ? Number(match[1]) : undefined;
  } catch {
    // /proc/<pid>/io needs the same user (or ptrace rights); the CPU figure stands alone then.
  }
  return { cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, writeSyscalls };
}

/** CPU ms per 1,000 requests and write syscalls per request between two readings. */
export function costPerRequest(
  before: ProcessCost,
  after: ProcessCost,
  requests: number,
): { cpuMsPer1000: number; writesPerRequest: number | undefined } {
  if (requests <= 0) return { cpuMsPer1000: 0, writesPerRequest: undefined };
  return {
    cpuMsPer1000: ((after.cpuMs - before.cpuMs) * 1000) / requests,
    writesPerRequest:
      before.writeSyscalls === undefined || after.writeSyscalls === undefined
        ? undefined
        : (after.writeSyscalls - before.writeSyscalls) / requests,
  };
}
