// The conditions of a load run on this machine: how busy its cores were, and how much of that was
// the load generator itself and the portal it started (Linux /proc; elsewhere the figures are null).
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds a process has used so far (user + system), or null when it cannot be read. */
function processSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine so far, or null. */
function machineSeconds() {
  try {
    const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
    const v = line.split(/\s+/).slice(1).map(Number);
    const idle = v[3] + v[4];
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / TICKS, total: total / TICKS };
  } catch {
    return null;
  }
}

/**
 * A meter started now: `read()` answers, for the time since, the share of one core the generator
 * (this process) and the server (`serverPid`, when it is ours) used, and how busy the machine's
 * cores were in all (percent of all of them), with its load average.
 */
export function cpuMeter(serverPid) {
  const startedAt = performance.now();
  const generator = process.cpuUsage();
  const server = serverPid ? processSeconds(serverPid) : null;
  const machine = machineSeconds();
  return {
    read() {
      const wall = (performance.now() - startedAt) / 1000;
      const used = process.cpuUsage(generator);
      const serverNow = serverPid ? processSeconds(serverPid) : null;
      const machineNow = machineSeconds();
      return {
        cores: os.cpus().length,
        generatorPct: ((used.user + used.system) / 1e6 / wall) * 100,
        serverPct: server !== null && serverNow !== null ? ((serverNow - server) / wall) * 100 : null,
        machinePct:
          machine && machineNow
            ? ((machineNow.busy - machine.busy) / (machineNow.total - machine.total)) * 100
            : null,
        loadAverage: os.loadavg()[0],
      };
    },
  };
}
