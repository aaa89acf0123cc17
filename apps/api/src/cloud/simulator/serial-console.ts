import { DISTRIBUTION, KERNEL, dateText, runCommand, type GuestFacts } from './guest-commands.js';
import { createLineDiscipline } from './line-discipline.js';

/**
 * The simulated guest's serial console (ttyS0): the tail of its boot log, a login prompt, and a
 * small shell whose commands answer from the server's real name, size, address and uptime.
 *
 * The demo login (the web tab shows it): user `root` with any non-empty password. There is no
 * guest whose password could be checked; other user names are refused like a wrong password.
 */
export const DEMO_LOGIN = 'root';

export interface SerialConsole {
  /** Keystrokes from the terminal. */
  input(data: string): void;
}

type State = 'login' | 'password' | 'shell';

/**
 * What the guest's commands change in the simulated cloud: a `stress` run's end (null: none). The
 * console prints the command's output once it is recorded; without it the run is not recorded.
 */
export type RecordStress = (until: Date | null) => Promise<void>;

/** Starts the console: prints the boot log and the login prompt through `print` at once. */
export function createSerialConsole(
  guest: GuestFacts,
  now: () => Date,
  print: (text: string) => void,
  recordStress?: RecordStress,
): SerialConsole {
  let state: State = 'login';
  let user = '';
  const prompt = () => `root@${guest.hostname}:~# `;
  const loginPrompt = () => `${guest.hostname} login: `;

  const toLogin = (before = '') => {
    state = 'login';
    print(`${before}\r\n${DISTRIBUTION} ${guest.hostname} ttyS0\r\n\r\n${loginPrompt()}`);
  };

  const discipline = createLineDiscipline({
    echo: print,
    line(text) {
      if (state === 'login') {
        user = text.trim();
        if (user === '') return print(loginPrompt());
        state = 'password';
        discipline.setEcho(false);
        return print('Password: ');
      }
      if (state === 'password') {
        discipline.setEcho(true);
        if (user !== DEMO_LOGIN || text === '') return toLogin('\r\nLogin incorrect\r\n');
        state = 'shell';
        return print(welcome(guest, now()) + prompt());
      }
      const result = runCommand(text, guest, now());
      if ('logout' in result) return toLogin('logout\r\n');
      if (result.stressUntil === undefined) return print(result.output + prompt());
      const until = result.stressUntil;
      (recordStress ?? (async () => {}))(until).then(
        () => {
          guest.stressUntil = until;
          print(result.output + prompt());
        },
        () => print('stress: FAIL: the hypervisor did not answer, try again\r\n' + prompt()),
      );
    },
    interrupt() {
      if (state === 'shell') return print(prompt());
      discipline.setEcho(true);
      state = 'login';
      print(loginPrompt());
    },
    eof() {
      if (state === 'shell') toLogin('logout\r\n');
    },
  });

  print(bootLog(guest) + `\r\n${DISTRIBUTION} ${guest.hostname} ttyS0\r\n\r\n${loginPrompt()}`);
  return { input: (data) => discipline.feed(data) };
}

function welcome(guest: GuestFacts, now: Date): string {
  return (
    `Welcome to ${DISTRIBUTION} (GNU/Linux ${KERNEL} x86_64) on ${guest.hostname}\r\n` +
    '\r\n' +
    ' This is the simulated cloud\'s serial console: type "help" for its commands.\r\n' +
    '\r\n' +
    `Last login: ${dateText(now)} on ttyS0\r\n`
  );
}

const stamp = (seconds: number) => `[${seconds.toFixed(6).padStart(12)}]`;

/** What the console's scroll-back holds from the boot: the kernel's and init's last messages. */
function bootLog(guest: GuestFacts): string {
  const memKb = guest.ramGb * 1024 * 1024;
  const sectors = guest.rootGb * 1024 * 1024 * 2;
  return [
    `${stamp(0)} Linux version ${KERNEL} (builder@simulator) #1 SMP PREEMPT_DYNAMIC`,
    `${stamp(0)} Command line: BOOT_IMAGE=/boot/vmlinuz-${KERNEL} root=/dev/vda1 ro console=ttyS0,115200n8`,
    `${stamp(0)} Hypervisor detected: KVM`,
    `${stamp(0.004)} Memory: ${Math.round(memKb * 0.96)}K/${memKb}K available`,
    `${stamp(0.011)} smpboot: Allowing ${guest.cpu} CPUs, 0 hotplug CPUs`,
    `${stamp(0.412)} virtio_blk virtio2: [vda] ${sectors} 512-byte logical blocks (${guest.rootGb} GiB)`,
    ...guest.dataGbs.map(
      (gb, i) =>
        `${stamp(0.413 + i / 1000)} virtio_blk virtio${3 + i}: [vd${String.fromCharCode(98 + i)}] ${gb * 2097152} 512-byte logical blocks (${gb} GiB)`,
    ),
    `${stamp(1.127)} EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.`,
    `${stamp(2.004)} systemd[1]: Hostname set to <${guest.hostname}>.`,
    `${stamp(3.318)} cloud-init[612]: eth0: ${guest.privateIp}/${guest.prefix}`,
    '[  OK  ] Started ssh.service - OpenBSD Secure Shell server.',
    '[  OK  ] Started serial-getty@ttyS0.service - Serial Getty on ttyS0.',
    '[  OK  ] Reached target multi-user.target - Multi-User System.',
    '',
  ].join('\r\n');
}
