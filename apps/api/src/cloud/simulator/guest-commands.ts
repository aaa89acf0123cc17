/**
 * The commands the simulated guest answers at its shell prompt, from what the simulated cloud
 * knows of the server: its name, size, address, volumes and when it booted. Output lines end in
 * CR LF, as a serial line prints them.
 */
export interface GuestFacts {
  serverId: string;
  hostname: string;
  cpu: number;
  ramGb: number;
  privateIp: string;
  /** The prefix length of its segment (24 for a /24). */
  prefix: number;
  ipv6: string | null;
  bootedAt: Date;
  /** The boot volume's size, then the data volumes' (GB). */
  rootGb: number;
  dataGbs: number[];
  /** Until when a `stress` run keeps its CPU busy (null or absent: none runs). */
  stressUntil?: Date | null;
}

/**
 * What a command printed; `stressUntil` when it started or ended a `stress` run, which the console
 * records with the simulated cloud (the server's metrics follow it) before it prints.
 */
export type CommandResult = { output: string; stressUntil?: Date | null } | { logout: true };

/** The longest `stress` run the simulated guest takes, and the one it runs when not told. */
export const STRESS_MAX_SECONDS = 3600;
export const STRESS_DEFAULT_SECONDS = 300;

export const DISTRIBUTION = 'SimLinux 1.0';
export const KERNEL = '6.8.0-sim';
/** Clears the screen and the scroll-back, as `clear` does on an xterm. */
export const CLEAR_SCREEN = '\x1b[H\x1b[2J\x1b[3J';

const CRLF = '\r\n';
const lines = (...rows: string[]) => rows.map((row) => `${row}${CRLF}`).join('');

const HELP = lines(
  'Commands of this simulated console:',
  '  hostname, uname [-a], uptime [-p], nproc, free [-h], df [-h], lsblk,',
  '  ip addr, whoami, id, date, pwd, echo, clear, help, exit (or logout, Ctrl-D)',
  '  stress [--cpu N] [--timeout 300s]: loads the CPU in the background (the monitor tab',
  '  shows it); pkill stress ends it',
);

export function runCommand(line: string, guest: GuestFacts, now: Date): CommandResult {
  const [name = '', ...args] = line.trim().split(/\s+/);
  const human = args.includes('-h');
  switch (name) {
    case '':
      return { output: '' };
    case 'exit':
    case 'logout':
      return { logout: true };
    case 'clear':
      return { output: CLEAR_SCREEN };
    case 'help':
      return { output: HELP };
    case 'hostname':
      return { output: lines(args.includes('-I') ? guest.privateIp : guest.hostname) };
    case 'uname':
      return { output: lines(uname(args, guest)) };
    case 'uptime':
      return { output: lines(uptime(guest, now, args.includes('-p'))) };
    case 'nproc':
      return { output: lines(String(guest.cpu)) };
    case 'free':
      return { output: free(guest, human) };
    case 'df':
      return { output: df(guest, human) };
    case 'lsblk':
      return { output: lsblk(guest) };
    case 'ip':
      return { output: ip(args, guest) };
    case 'whoami':
      return { output: lines('root') };
    case 'id':
      return { output: lines('uid=0(root) gid=0(root) groups=0(root)') };
    case 'date':
      return { output: lines(dateText(now)) };
    case 'pwd':
      return { output: lines('/root') };
    case 'echo':
      return { output: lines(args.join(' ')) };
    case 'stress':
      return stress(args, guest, now);
    case 'pkill':
    case 'killall':
      return stopStress(name, args, guest, now);
    default:
      return { output: lines(`bash: ${name}: command not found`) };
  }
}

function uname(args: string[], guest: GuestFacts): string {
  if (args.includes('-a')) {
    return `Linux ${guest.hostname} ${KERNEL} #1 SMP PREEMPT_DYNAMIC x86_64 x86_64 x86_64 GNU/Linux`;
  }
  if (args.includes('-r')) return KERNEL;
  if (args.includes('-n')) return guest.hostname;
  if (args.includes('-m')) return 'x86_64';
  return 'Linux';
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `uptime` as procps prints it (the guest's clock runs in UTC). */
export function uptime(guest: GuestFacts, now: Date, pretty = false): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - guest.bootedAt.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (pretty) {
    const parts = [days && plural(days, 'day'), hours && plural(hours, 'hour'), plural(mins, 'minute')];
    return `up ${parts.filter(Boolean).join(', ')}`;
  }
  const since = `${days > 0 ? `${plural(days, 'day')}, ` : ''}${hours > 0 ? `${hours}:${pad2(mins)}` : `${mins} min`}`;
  const load = isStressed(guest, now)
    ? `${guest.cpu}.00, ${(guest.cpu * 0.8).toFixed(2)}, ${(guest.cpu * 0.4).toFixed(2)}`
    : '0.08, 0.03, 0.01';
  return ` ${clock(now)} up ${since},  1 user,  load average: ${load}`;
}

const isStressed = (guest: GuestFacts, now: Date) => !!guest.stressUntil && guest.stressUntil > now;

/** A duration as stress takes it: 300, 300s, 5m, 1h. */
function seconds(text: string | undefined): number | null {
  const match = /^(\d+)([smh]?)$/.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * { '': 1, s: 1, m: 60, h: 3600 }[match[2] as '' | 's' | 'm' | 'h'];
}

/** The process id the guest gives its stress run (stable for one run). */
const stressPid = (until: Date) => 1000 + (Math.floor(until.getTime() / 1000) % 9000);

/**
 * `stress --cpu N --timeout Ts` as the stress tool takes it, but run in the background (the
 * console stays usable): the server's CPU reads near full until the timeout.
 */
function stress(args: string[], guest: GuestFacts, now: Date): CommandResult {
  let cpus = guest.cpu;
  let timeout = STRESS_DEFAULT_SECONDS;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-c' || arg === '--cpu') {
      const n = Number(args[++i]);
      if (!Number.isInteger(n) || n < 1) return { output: lines(`stress: FAIL: invalid number of cpu hogs`) };
      cpus = n;
    } else if (arg === '-t' || arg === '--timeout') {
      const s = seconds(args[++i]);
      if (s === null || s < 1) return { output: lines('stress: FAIL: invalid timeout value') };
      timeout = s;
    } else if (arg === '&') {
      // Already in the background.
    } else {
      return {
        output: lines(
          `stress: FAIL: unrecognized option '${arg}'`,
          'Usage: stress [--cpu N] [--timeout 300s]',
        ),
      };
    }
  }
  if (timeout > STRESS_MAX_SECONDS) {
    return {
      output: lines(`stress: FAIL: this simulated guest runs stress for at most ${STRESS_MAX_SECONDS}s`),
    };
  }
  const until = new Date(now.getTime() + timeout * 1000);
  const pid = stressPid(until);
  return {
    stressUntil: until,
    output: lines(
      `[1] ${pid}`,
      `stress: info: [${pid}] dispatching hogs: ${cpus} cpu, 0 io, 0 vm, 0 hdd`,
      `stress: info: [${pid}] running in the background for ${timeout}s, until ${clock(until)} UTC`,
    ),
  };
}

function stopStress(name: string, args: string[], guest: GuestFacts, now: Date): CommandResult {
  if (args[0] !== 'stress')
    return { output: lines(`Usage: ${name} stress   (this console knows only stress)`) };
  if (!isStressed(guest, now)) return { output: '' };
  const pid = stressPid(guest.stressUntil!);
  return { stressUntil: null, output: lines(`[1]+  Terminated              stress (pid ${pid})`) };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `date`: `Thu Jan  1 00:00:00 UTC 2026`. */
export const dateText = (d: Date) =>
  `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${clock(d)} UTC ${d.getUTCFullYear()}`;

/** Sizes as `free -h` and `df -h` print them: 3.8Gi / 49G, one decimal below ten. */
function size(mib: number, unit: 'i' | ''): string {
  if (mib === 0) return unit === 'i' ? '0B' : '0';
  const [value, suffix] = mib >= 1024 ? [mib / 1024, 'G'] : [mib, 'M'];
  const shown = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${shown}${suffix}${unit}`;
}

function free(guest: GuestFacts, human: boolean): string {
  // The kernel keeps a little of the memory for itself; the rest is what the guest sees.
  const total = Math.round(guest.ramGb * 1024 * 0.96);
  const used = 280 + 40 * guest.cpu;
  const cache = 360;
  const values = [total, used, total - used - cache, 1, cache, total - used];
  const show = (mib: number) => (human ? size(mib, 'i') : String(mib * 1024));
  const row = (label: string, cells: number[]) =>
    label.padEnd(7) + cells.map((mib) => show(mib).padStart(12)).join('');
  return lines(
    `${''.padEnd(7)}${['total', 'used', 'free', 'shared', 'buff/cache', 'available'].map((h) => h.padStart(12)).join('')}`,
    row('Mem:', values),
    row('Swap:', [0, 0, 0]),
  );
}

function df(guest: GuestFacts, human: boolean): string {
  const rootMib = (guest.rootGb - 1) * 1024;
  const usedMib = 2150;
  const ramMib = Math.round(guest.ramGb * 1024 * 0.96);
  const rows: [string, number, number, string][] = [
    ['tmpfs', Math.round(ramMib / 10), 1, '/run'],
    ['/dev/vda1', rootMib, usedMib, '/'],
    ['tmpfs', Math.round(ramMib / 2), 0, '/dev/shm'],
    ['/dev/vda15', 105, 6, '/boot/efi'],
  ];
  const show = (mib: number) => (human ? size(mib, '') : String(mib * 1024));
  const width = human ? 5 : 10;
  const columns = human ? ['Size', 'Used', 'Avail'] : ['1K-blocks', 'Used', 'Available'];
  const row = (fs: string, cells: string[], pct: string, mount: string) =>
    `${fs.padEnd(14)}${cells.map((cell) => ` ${cell.padStart(width)}`).join('')} ${pct.padStart(4)} ${mount}`;
  return lines(
    row('Filesystem', columns, 'Use%', 'Mounted on'),
    ...rows.map(([fs, total, used, mount]) =>
      row(fs, [total, used, total - used].map(show), `${Math.ceil((used / total) * 100)}%`, mount),
    ),
  );
}

function lsblk(guest: GuestFacts): string {
  const row = (name: string, minor: number, gb: string, type: string, mount = '') =>
    `${name.padEnd(8)}${`253:${minor}`.padEnd(8)}0 ${gb.padStart(5)}  0 ${type} ${mount}`.trimEnd();
  return lines(
    'NAME    MAJ:MIN RM  SIZE RO TYPE MOUNTPOINTS',
    row('vda', 0, `${guest.rootGb}G`, 'disk'),
    row('├─vda1', 1, `${guest.rootGb - 1}G`, 'part', '/'),
    row('└─vda15', 15, '106M', 'part', '/boot/efi'),
    ...guest.dataGbs.map((gb, i) => row(`vd${String.fromCharCode(98 + i)}`, 16 * (i + 1), `${gb}G`, 'disk')),
  );
}

/** A stable MAC in OpenStack's fa:16:3e range, from the server's id. */
function mac(serverId: string): string {
  const hex = serverId.replace(/-/g, '').slice(-6).padStart(6, '0');
  return `fa:16:3e:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

function broadcast(ip: string, prefix: number): string {
  const n = ip.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const hostBits = 32 - prefix;
  const b = hostBits >= 32 ? 0xffffffff : n + (2 ** hostBits - 1) - (n % 2 ** hostBits);
  return [24, 16, 8, 0].map((shift) => Math.floor(b / 2 ** shift) % 256).join('.');
}

function ip(args: string[], guest: GuestFacts): string {
  const sub = args[0] ?? '';
  if (!['a', 'addr', 'address'].includes(sub)) {
    return lines('Usage: ip addr   (this console knows only the addresses)');
  }
  return lines(
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000',
    '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
    '    inet 127.0.0.1/8 scope host lo',
    '       valid_lft forever preferred_lft forever',
    '2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000',
    `    link/ether ${mac(guest.serverId)} brd ff:ff:ff:ff:ff:ff`,
    `    inet ${guest.privateIp}/${guest.prefix} brd ${broadcast(guest.privateIp, guest.prefix)} scope global eth0`,
    '       valid_lft forever preferred_lft forever',
    ...(guest.ipv6
      ? [`    inet6 ${guest.ipv6}/64 scope global`, '       valid_lft forever preferred_lft forever']
      : []),
  );
}
