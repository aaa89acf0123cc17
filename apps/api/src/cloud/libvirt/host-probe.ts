import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { VirshError, VIRSH_INPUT, type Virsh } from './virsh.js';

/**
 * Does a guest boot on this host, and how fast? A throwaway transient domain boots the small
 * image (scripts/libvirt/build-guest-image.sh) straight from its kernel, its serial console on a
 * unix socket is read until the shell's prompt, `uname -r` is typed and its answer read back.
 * KVM is used only where this probe proves it boots (issue 28: with the default CPU model some
 * hosts hang the guest after "Probing EDD"); TCG, QEMU's software emulation, is the fallback.
 */
export type VirtType = 'kvm' | 'qemu';

export interface GuestImage {
  kernel: string;
  initrd: string;
}

export interface ProbeOptions {
  virsh: Virsh;
  image: GuestImage;
  type: VirtType;
  /** Where the serial console's socket is made (a directory libvirtd may write into). */
  socketDir: string;
  memoryMb?: number;
  timeoutMs?: number;
  /** A `<cpu>` element; absent: the hypervisor's default model. */
  cpu?: string;
}

export type ProbeResult =
  | { type: VirtType; booted: true; bootMs: number; kernelRelease: string }
  | { type: VirtType; booted: false; error: string; output: string };

/** The small image's shell prompt (PS1 '\h:\w# ', the hostname given on the command line). */
const PROMPT = /probe:[^\n]*# $/;

export function probeDomainXml(o: {
  name: string;
  type: VirtType;
  image: GuestImage;
  socketPath: string;
  memoryMb: number;
  cpu?: string;
}): string {
  return `<domain type='${o.type}'>
  <name>${o.name}</name>
  <memory unit='MiB'>${o.memoryMb}</memory>
  <vcpu>1</vcpu>
  <os>
    <type arch='x86_64'>hvm</type>
    <kernel>${o.image.kernel}</kernel>
    <initrd>${o.image.initrd}</initrd>
    <cmdline>console=ttyS0 portal.hostname=probe</cmdline>
  </os>
  <features><acpi/></features>${o.cpu ? `\n  ${o.cpu}` : ''}
  <on_poweroff>destroy</on_poweroff>
  <on_reboot>destroy</on_reboot>
  <on_crash>destroy</on_crash>
  <devices>
    <serial type='unix'>
      <source mode='bind' path='${o.socketPath}'/>
      <target port='0'/>
    </serial>
    <memballoon model='none'/>
  </devices>
</domain>`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects to the console's socket as soon as QEMU has made it. */
async function openConsole(path: string, deadline: number): Promise<Socket> {
  for (;;) {
    if (existsSync(path)) {
      const socket = await new Promise<Socket | null>((resolve) => {
        const s = connect(path);
        s.once('connect', () => resolve(s));
        s.once('error', () => resolve(null));
      });
      if (socket) return socket;
    }
    if (Date.now() > deadline) throw new Error(`no console socket at ${path}`);
    await sleep(20);
  }
}

/** Reads the console until `pattern` matches what came since `from`; presses Enter while waiting. */
function waitFor(
  console: Socket,
  seen: { text: string },
  pattern: RegExp,
  from: number,
  deadline: number,
  nudge: boolean,
) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const check = () => {
      const m = seen.text.slice(from).match(pattern);
      if (m) done(() => resolve(m));
      else if (Date.now() > deadline)
        done(() => reject(new Error(`timed out waiting for ${String(pattern)}`)));
    };
    const timer = setInterval(() => {
      if (nudge) console.write('\r');
      check();
    }, 500);
    const done = (then: () => void) => {
      clearInterval(timer);
      console.off('data', check);
      then();
    };
    console.on('data', check);
    check();
  });
}

export async function probeBoot(o: ProbeOptions): Promise<ProbeResult> {
  const name = `portal-probe-${randomUUID().slice(0, 8)}`;
  const socketPath = join(o.socketDir, `${name}.sock`);
  const deadline = Date.now() + (o.timeoutMs ?? 90_000);
  const seen = { text: '' };
  let console: Socket | null = null;
  await mkdir(o.socketDir, { recursive: true });
  try {
    const xml = probeDomainXml({
      name,
      type: o.type,
      image: o.image,
      socketPath,
      memoryMb: o.memoryMb ?? 256,
      cpu: o.cpu,
    });
    // A transient domain: destroying it (or the host's restart) leaves nothing defined.
    await o.virsh.run(['create', VIRSH_INPUT], { input: xml });
    const started = Date.now();
    console = await openConsole(socketPath, deadline);
    console.setEncoding('utf8');
    console.on('data', (chunk: string) => (seen.text += chunk));
    await waitFor(console, seen, PROMPT, 0, deadline, true);
    const bootMs = Date.now() - started;
    const from = seen.text.length;
    console.write('uname -r\r');
    const answer = await waitFor(console, seen, /uname -r\r?\n(\S+)\r?\n/, from, deadline, false);
    return { type: o.type, booted: true, bootMs, kernelRelease: answer[1]! };
  } catch (error) {
    return { type: o.type, booted: false, error: (error as Error).message, output: seen.text.slice(-2000) };
  } finally {
    console?.destroy();
    await o.virsh.run(['destroy', name]).catch((e: unknown) => {
      if (!(e instanceof VirshError && (e.notFound || /not running/i.test(e.stderr)))) throw e;
    });
    await rm(socketPath, { force: true });
  }
}

/**
 * KVM where the small image boots on it, QEMU's emulation otherwise (LIBVIRT_ACCEL=auto): asked
 * once, at start; the answer and why go to `say`. Without the image there is nothing to prove
 * KVM with, and emulation is used.
 */
export async function chooseAccel(o: {
  virsh: Virsh;
  image: GuestImage;
  socketDir: string;
  say: (line: string) => void;
  timeoutMs?: number;
}): Promise<VirtType> {
  if (!existsSync(o.image.kernel)) {
    o.say(`libvirt: no image at ${o.image.kernel} to try KVM with: guests run on QEMU's emulation`);
    return 'qemu';
  }
  const probe = await probeBoot({ ...o, type: 'kvm', timeoutMs: o.timeoutMs ?? 20_000 }).catch(
    (error: unknown): ProbeResult => ({ type: 'kvm', booted: false, error: String(error), output: '' }),
  );
  if (probe.booted) {
    o.say(`libvirt: a guest booted on KVM in ${probe.bootMs} ms: guests run on KVM`);
    return 'kvm';
  }
  o.say(`libvirt: a guest did not boot on KVM (${probe.error}): guests run on QEMU's emulation`);
  return 'qemu';
}
