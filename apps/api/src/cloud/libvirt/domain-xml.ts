import { createHash } from 'node:crypto';
import { volumeName } from './volume-xml.js';
import { xmlText } from './xml-text.js';

/** What a guest boots: a kernel and an initramfs from a template's image directory. */
export interface GuestImage {
  kernel: string;
  initrd: string;
  /** The kernel's command line; `console=ttyS0` puts the guest's console on the serial port. */
  cmdline: string;
}

export interface DomainSpec {
  /** The server's id: the domain's name and uuid (a customer's name never reaches libvirt). */
  serverId: string;
  cpu: number;
  ramGb: number;
  /** QEMU's software emulation (`qemu`) unless a start-up probe proved KVM boots (`kvm`). */
  accel: 'qemu' | 'kvm';
  image: GuestImage;
  pool: string;
  /** The root volume first, then the data volumes in order. */
  volumeIds: string[];
  /** The VPC's libvirt network and the interface's MAC on it. */
  network: string;
  mac: string;
  /** Where QEMU listens with the serial console (a unix socket the portal connects to). */
  consoleSocket: string;
  /** The network filter of the interface (the server's firewalls); none: unfiltered. */
  filter?: string;
}

/** The guest's name of the n-th virtio disk: vda, vdb, ..., vdz, vdaa. */
export function diskTarget(index: number): string {
  let name = '';
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) name = String.fromCharCode(97 + (n % 26)) + name;
  return `vd${name}`;
}

/**
 * The MAC of a server's interface, derived from the server and the interface's place (QEMU's
 * locally administered 52:54:00 prefix): the same on every retry, so the fixed DHCP lease holds.
 */
export function macOf(serverId: string, index = 0): string {
  const hash = createHash('sha256').update(`${serverId}/${index}`).digest();
  return ['52', '54', '00', ...[0, 1, 2].map((i) => hash[i]!.toString(16).padStart(2, '0'))].join(':');
}

/** One pool volume as a virtio disk; the serial (at most 20 characters) names it in /dev/disk/by-id. */
export function diskXml(pool: string, volumeId: string, target: string): string {
  return [
    "<disk type='volume' device='disk'>",
    "  <driver name='qemu' type='qcow2'/>",
    `  <source pool='${xmlText(pool)}' volume='${xmlText(volumeName(volumeId))}'/>`,
    `  <target dev='${xmlText(target)}' bus='virtio'/>`,
    `  <serial>${xmlText(volumeId.replace(/-/g, '').slice(0, 20))}</serial>`,
    '</disk>',
  ].join('\n');
}

const indent = (xml: string, by: string) =>
  xml
    .split('\n')
    .map((line) => by + line)
    .join('\n');

/**
 * A server as a libvirt domain: direct kernel boot, its volumes as virtio disks in order, one
 * virtio NIC on its VPC's network, the serial console on a unix socket, the memory balloon's
 * statistics on (domstats reads the guest's memory from them). A power-off from inside the guest
 * ends the domain (`destroy`), so libvirt reports it shut off as the portal expects.
 */
export function domainXml(spec: DomainSpec): string {
  const disks = spec.volumeIds.map((id, i) => indent(diskXml(spec.pool, id, diskTarget(i)), '    '));
  return [
    `<domain type='${spec.accel}'>`,
    `  <name>${xmlText(spec.serverId)}</name>`,
    ...(/^[0-9a-f-]{36}$/i.test(spec.serverId) ? [`  <uuid>${spec.serverId}</uuid>`] : []),
    `  <memory unit='MiB'>${Math.round(spec.ramGb * 1024)}</memory>`,
    `  <vcpu placement='static'>${spec.cpu}</vcpu>`,
    '  <os>',
    "    <type arch='x86_64' machine='pc'>hvm</type>",
    `    <kernel>${xmlText(spec.image.kernel)}</kernel>`,
    `    <initrd>${xmlText(spec.image.initrd)}</initrd>`,
    `    <cmdline>${xmlText(spec.image.cmdline)}</cmdline>`,
    '  </os>',
    '  <features><acpi/></features>',
    "  <clock offset='utc'/>",
    '  <on_poweroff>destroy</on_poweroff>',
    '  <on_reboot>restart</on_reboot>',
    '  <on_crash>destroy</on_crash>',
    '  <devices>',
    ...disks,
    "    <interface type='network'>",
    `      <source network='${xmlText(spec.network)}'/>`,
    `      <mac address='${xmlText(spec.mac)}'/>`,
    "      <model type='virtio'/>",
    ...(spec.filter ? [`      <filterref filter='${xmlText(spec.filter)}'/>`] : []),
    '    </interface>',
    "    <serial type='unix'>",
    `      <source mode='bind' path='${xmlText(spec.consoleSocket)}'/>`,
    "      <target port='0'/>",
    '    </serial>',
    "    <memballoon model='virtio'>",
    "      <stats period='5'/>",
    '    </memballoon>',
    '  </devices>',
    '</domain>',
  ].join('\n');
}
