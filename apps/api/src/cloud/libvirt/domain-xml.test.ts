import { describe, expect, it } from 'vitest';
import { diskTarget, domainXml, macOf, type DomainSpec } from './domain-xml.js';

const spec = (over: Partial<DomainSpec> = {}): DomainSpec => ({
  serverId: '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
  cpu: 2,
  ramGb: 0.25,
  accel: 'qemu',
  image: { kernel: '/img/tiny/vmlinuz', initrd: '/img/tiny/initrd.img', cmdline: 'console=ttyS0' },
  pool: 'portal',
  volumeIds: ['root-1', 'data-1', 'data-2'],
  network: 'vpc-n1',
  mac: '52:54:00:aa:bb:cc',
  consoleSocket: '/run/portal/3f1c2a9e.sock',
  ...over,
});

describe('a domain XML', () => {
  it('boots the kernel under QEMU emulation, sized, named by id, ending on power-off', () => {
    const xml = domainXml(spec());
    expect(xml).toMatch(/^<domain type='qemu'>/);
    expect(xml).toContain('<name>3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60</name>');
    expect(xml).toContain('<uuid>3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60</uuid>');
    expect(xml).toContain("<memory unit='MiB'>256</memory>");
    expect(xml).toContain("<vcpu placement='static'>2</vcpu>");
    expect(xml).toContain('<kernel>/img/tiny/vmlinuz</kernel>');
    expect(xml).toContain('<initrd>/img/tiny/initrd.img</initrd>');
    expect(xml).toContain('<cmdline>console=ttyS0</cmdline>');
    expect(xml).toContain('<on_poweroff>destroy</on_poweroff>');
    expect(domainXml(spec({ accel: 'kvm' }))).toMatch(/^<domain type='kvm'>/);
  });

  it('lists the volumes as virtio qcow2 disks of the pool, root first', () => {
    const disks = [...domainXml(spec()).matchAll(/volume='([^']+)'\/>\s*<target dev='(\w+)' bus='virtio'/g)];
    expect(disks.map((m) => [m[2], m[1]])).toEqual([
      ['vda', 'root-1.qcow2'],
      ['vdb', 'data-1.qcow2'],
      ['vdc', 'data-2.qcow2'],
    ]);
    expect(domainXml(spec())).toContain("<driver name='qemu' type='qcow2'/>");
  });

  it('puts the NIC on the network with its MAC and the console on a unix socket', () => {
    const xml = domainXml(spec());
    expect(xml).toMatch(
      /<interface type='network'>\s*<source network='vpc-n1'\/>\s*<mac address='52:54:00:aa:bb:cc'\/>\s*<model type='virtio'\/>/,
    );
    expect(xml).toMatch(/<serial type='unix'>\s*<source mode='bind' path='\/run\/portal\/3f1c2a9e.sock'\/>/);
  });

  it('escapes what it is given', () => {
    const xml = domainXml(
      spec({
        serverId: 'a\'<b>&"c',
        image: { kernel: "/k'<&>", initrd: '/i', cmdline: 'console=ttyS0 x="<y>"' },
        consoleSocket: "/run/'x'.sock",
      }),
    );
    expect(xml).toContain('<name>a&apos;&lt;b&gt;&amp;&quot;c</name>');
    expect(xml).not.toContain('<uuid>');
    expect(xml).toContain('<kernel>/k&apos;&lt;&amp;&gt;</kernel>');
    expect(xml).toContain('<cmdline>console=ttyS0 x=&quot;&lt;y&gt;&quot;</cmdline>');
    expect(xml).toContain("path='/run/&apos;x&apos;.sock'");
  });
});

describe('disk names and MACs', () => {
  it('names disks as Linux does', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(diskTarget)).toEqual([
      'vda',
      'vdb',
      'vdz',
      'vdaa',
      'vdab',
      'vdaz',
      'vdba',
    ]);
  });

  it('derives a stable local MAC per server and interface', () => {
    const mac = macOf('server-1');
    expect(mac).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);
    expect(macOf('server-1')).toBe(mac);
    expect(macOf('server-2')).not.toBe(mac);
    expect(macOf('server-1', 1)).not.toBe(mac);
  });
});
