import { describe, expect, it, vi } from 'vitest';
import { CLEAR_SCREEN, type GuestFacts } from './guest-commands.js';
import { MAX_LINE } from './line-discipline.js';
import { createSerialConsole, type RecordStress } from './serial-console.js';

const BOOTED = new Date('2026-03-01T08:00:00Z');
const NOW = new Date('2026-03-04T10:11:12Z'); // 3 days, 2 hours and 11 minutes later

const guest = (over: Partial<GuestFacts> = {}): GuestFacts => ({
  serverId: '7d5a3c1e-0000-4000-8000-00000000abcd',
  hostname: 'web-01',
  cpu: 4,
  ramGb: 8,
  privateIp: '10.0.0.10',
  prefix: 24,
  ipv6: null,
  bootedAt: BOOTED,
  rootGb: 50,
  dataGbs: [100],
  ...over,
});

/** A console with everything it printed, and a way to type and read what that printed. */
function open(facts = guest(), now = NOW, recordStress?: RecordStress) {
  let screen = '';
  const console = createSerialConsole(
    facts,
    () => now,
    (text) => (screen += text),
    recordStress,
  );
  const type = (keys: string) => {
    const from = screen.length;
    console.input(keys);
    return screen.slice(from);
  };
  const login = () => {
    type('root\r');
    return type('any-password\r');
  };
  return { screen: () => screen, type, login };
}

describe('the simulated serial console', () => {
  it('shows the boot log and a login prompt with the VM’s name', () => {
    const c = open();
    expect(c.screen()).toContain('systemd[1]: Hostname set to <web-01>.');
    expect(c.screen()).toContain('smpboot: Allowing 4 CPUs');
    expect(c.screen()).toMatch(/SimLinux 1\.0 web-01 ttyS0\r\n\r\nweb-01 login: $/);
  });

  it('logs root in with any password, without echoing the password', () => {
    const c = open();
    expect(c.type('root\r')).toBe('root\r\nPassword: ');
    const out = c.type('s3cret\r');
    expect(out).not.toContain('s3cret');
    expect(out).toMatch(/^\r\nWelcome to SimLinux/);
    expect(out).toMatch(/root@web-01:~# $/);
  });

  it('refuses another user and an empty password, then asks again', () => {
    const c = open();
    c.type('admin\r');
    expect(c.type('whatever\r')).toBe(
      '\r\n\r\nLogin incorrect\r\n\r\nSimLinux 1.0 web-01 ttyS0\r\n\r\nweb-01 login: ',
    );
    c.type('root\r');
    expect(c.type('\r')).toContain('Login incorrect');
    expect(c.type('hostname\r')).toBe('hostname\r\nPassword: ');
  });

  it('answers with the VM’s name, size, address and uptime', () => {
    const c = open();
    c.login();
    expect(c.type('hostname\r')).toBe('hostname\r\nweb-01\r\nroot@web-01:~# ');
    expect(c.type('nproc\r')).toContain('\r\n4\r\n');
    expect(c.type('uname -a\r')).toContain('Linux web-01 6.8.0-sim #1 SMP');
    expect(c.type('uptime\r')).toContain(' 10:11:12 up 3 days, 2:11,  1 user,');
    expect(c.type('uptime -p\r')).toContain('up 3 days, 2 hours, 11 minutes');
    // 8 GB less what the kernel keeps
    expect(c.type('free -h\r')).toMatch(/Mem:\s+7\.7Gi\s/);
    expect(c.type('df -h\r')).toMatch(/\/dev\/vda1\s+49G\s+2\.1G\s+47G\s+5% \/\r\n/);
    expect(c.type('lsblk\r')).toMatch(/vdb\s+253:16\s+0\s+100G/);
    const ip = c.type('ip addr\r');
    expect(ip).toContain('inet 10.0.0.10/24 brd 10.0.0.255 scope global eth0');
    expect(ip).toContain('link/ether fa:16:3e:00:ab:cd');
    expect(c.type('whoami\r')).toContain('\r\nroot\r\n');
    expect(c.type('date\r')).toContain('Wed Mar  4 10:11:12 UTC 2026');
  });

  it('follows another VM’s facts, and an uptime of minutes', () => {
    const c = open(
      guest({ hostname: 'db-primary', cpu: 8, ramGb: 32, privateIp: '10.0.5.20', prefix: 16, rootGb: 100 }),
      new Date(BOOTED.getTime() + 7 * 60_000),
    );
    c.login();
    expect(c.type('hostname\r')).toContain('\r\ndb-primary\r\n');
    expect(c.type('nproc\r')).toContain('\r\n8\r\n');
    expect(c.type('free -h\r')).toMatch(/Mem:\s+31Gi\s/);
    expect(c.type('df -h\r')).toMatch(/\/dev\/vda1\s+99G/);
    expect(c.type('ip addr\r')).toContain('inet 10.0.5.20/16 brd 10.0.255.255');
    expect(c.type('uptime\r')).toContain(' up 7 min,');
  });

  it('says an unknown command is not found', () => {
    const c = open();
    c.login();
    expect(c.type('foo --bar\r')).toBe('foo --bar\r\nbash: foo: command not found\r\nroot@web-01:~# ');
  });

  it('takes back a character with Backspace (DEL or BS), and a wide one with two columns', () => {
    const c = open();
    c.login();
    expect(c.type('hostnamx')).toBe('hostnamx');
    expect(c.type('\x7f')).toBe('\b \b');
    expect(c.type('e\r')).toContain('\r\nweb-01\r\n');
    c.type('ab\b\b');
    expect(c.type('\x7f')).toBe('');
    c.type('主');
    expect(c.type('\x7f')).toBe('\b\b  \b\b');
    expect(c.type('whoami\r')).toContain('\r\nroot\r\n');
  });

  it('drops the line on Ctrl-C and Ctrl-U, and swallows arrow keys', () => {
    const c = open();
    c.login();
    expect(c.type('hostname\x03')).toBe('hostname^C\r\nroot@web-01:~# ');
    c.type('junk\x15');
    expect(c.type('who\x1b[A\x1b[Dami\r')).toBe('whoami\r\nroot\r\nroot@web-01:~# ');
  });

  it('runs each line of a paste, CR LF counting once', () => {
    const c = open();
    c.login();
    const out = c.type('hostname\r\nnproc\r\n');
    expect(out).toBe('hostname\r\nweb-01\r\nroot@web-01:~# nproc\r\n4\r\nroot@web-01:~# ');
  });

  it('rings the bell past the longest line', () => {
    const c = open();
    c.login();
    c.type('x'.repeat(MAX_LINE));
    expect(c.type('y')).toBe('\x07');
  });

  it('clears the screen, and logs out with exit or Ctrl-D back to the login prompt', () => {
    const c = open();
    c.login();
    expect(c.type('clear\r')).toBe(`clear\r\n${CLEAR_SCREEN}root@web-01:~# `);
    expect(c.type('exit\r')).toMatch(
      /^exit\r\nlogout\r\n\r\nSimLinux 1\.0 web-01 ttyS0\r\n\r\nweb-01 login: $/,
    );
    c.login();
    expect(c.type('\x04')).toContain('logout\r\n');
    expect(c.type('hostname\r')).toBe('hostname\r\nPassword: ');
  });

  it('lists its commands with help', () => {
    const c = open();
    c.login();
    expect(c.type('help\r')).toContain('hostname, uname [-a], uptime [-p], nproc, free [-h], df [-h]');
  });

  it('runs stress in the background: recorded with the cloud, then printed; pkill stress ends it', async () => {
    const recorded: (Date | null)[] = [];
    const c = open(guest(), NOW, async (until) => void recorded.push(until));
    c.login();
    const from = c.screen().length;
    c.type('stress --cpu 4 --timeout 2m\r');
    await vi.waitFor(() => expect(c.screen().slice(from)).toContain('root@web-01:~# '));
    expect(recorded).toEqual([new Date(NOW.getTime() + 120_000)]);
    expect(c.screen().slice(from)).toMatch(
      /dispatching hogs: 4 cpu, 0 io, 0 vm, 0 hdd\r\n.*running in the background for 120s, until 10:13:12 UTC\r\n/,
    );
    expect(c.type('uptime\r')).toContain('load average: 4.00, 3.20, 1.60');
    const before = c.screen().length;
    c.type('pkill stress\r');
    await vi.waitFor(() => expect(recorded).toHaveLength(2));
    await vi.waitFor(() => expect(c.screen().slice(before)).toContain('Terminated'));
    expect(recorded[1]).toBeNull();
    expect(c.type('uptime\r')).toContain('load average: 0.08');
  });

  it('refuses a stress it cannot run, and says why the cloud did not take one', async () => {
    const c = open(guest(), NOW, () => Promise.reject(new Error('down')));
    c.login();
    expect(c.type('stress --timeout 2h\r')).toContain('at most 3600s');
    expect(c.type('stress --io 2\r')).toContain("unrecognized option '--io'");
    expect(c.type('stress -t soon\r')).toContain('invalid timeout value');
    const from = c.screen().length;
    c.type('stress\r');
    await vi.waitFor(() => expect(c.screen().slice(from)).toContain('the hypervisor did not answer'));
    expect(c.type('pkill stress\r')).toBe('pkill stress\r\nroot@web-01:~# ');
  });
});
