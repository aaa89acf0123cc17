// The conditions of a load run on this machine: how busy its cores were, and how much of that was
// the load generator itself and the portal it started (Linux /proc; elsewhere the figures are null).
import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * CPU seconds so far of each PostgreSQL backend serving `database` (a backend's title names its
 * database: `postgres: 15/main: root load_a 127.0.0.1(…) idle`), by pid.
 */
function backendSeconds(database) {
  const seconds = new Map();
  if (!database) return seconds;
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return seconds;
  }
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!title.startsWith('postgres:') || !title.includes(` ${database} `)) continue;
      const used = processSeconds(pid);
      if (used !== null) seconds.set(pid, used);
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
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
 * (this process), the server (`serverPid`, when it is ours) and the PostgreSQL backends of
 * `database` used, and how busy the machine's cores were in all (percent of all of them), with
 * its load average.
 */
export function cpuMeter(serverPid, database) {
  const startedAt = performance.now();
  const generator = process.cpuUsage();
  const server = serverPid ? processSeconds(serverPid) : null;
  const backends = backendSeconds(database);
  const machine = machineSeconds();
  return {
    read() {
      const wall = (performance.now() - startedAt) / 1000;
      const used = process.cpuUsage(generator);
      const serverNow = serverPid ? processSeconds(serverPid) : null;
      const machineNow = machineSeconds();
      let postgres = 0;
      for (const [pid, used] of backendSeconds(database)) postgres += used - (backends.get(pid) ?? 0);
      const cores = os.cpus().length;
      const generatorPct = ((used.user + used.system) / 1e6 / wall) * 100;
      const serverPct = server !== null && serverNow !== null ? ((serverNow - server) / wall) * 100 : null;
      const postgresPct = backends.size > 0 ? (postgres / wall) * 100 : null;
      const machinePct =
        machine && machineNow
          ? ((machineNow.busy - machine.busy) / (machineNow.total - machine.total)) * 100
          : null;
      return {
        cores,
        generatorPct,
        serverPct,
        postgresPct,
        machinePct,
        // Everything else the machine ran meanwhile (other people's work), of one core.
        othersPct:
          machinePct !== null && serverPct !== null
            ? Math.max(0, machinePct * cores - generatorPct - serverPct - (postgresPct ?? 0))
            : null,
        loadAverage: os.loadavg()[0],
      };
    },
  };
}
