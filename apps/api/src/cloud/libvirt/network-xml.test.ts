import { describe, expect, it } from 'vitest';
import { bridgeName, guestAddressArg, guestAddressOf, guestNetworkOf, networkXml } from './network-xml.js';
import { snapshotVolumeName, snapshotVolumes, volumeXml } from './volume-xml.js';

describe('a VPC network', () => {
  it('is a bridge of its own: no host address, no DHCP, no way out', () => {
    const xml = networkXml('vpc-n1');
    expect(xml).toContain(`<bridge name='${bridgeName('vpc-n1')}'`);
    expect(xml).not.toMatch(/<ip\b|<forward|<dhcp/);
  });

  it('names bridges within Linux limit of 15 characters', () => {
    const name = bridgeName('vpc-bbbbbbbb-0000-4000-8000-000000000001');
    expect(name.length).toBeLessThanOrEqual(15);
    expect(bridgeName('vpc-other')).not.toBe(name);
  });

  it("gives a guest its address and the segment's prefix on the kernel's command line", () => {
    expect(guestAddressArg('10.0.1.10', '10.0.1.0/24')).toBe('portal.ip=10.0.1.10/24');
    expect(guestAddressArg('172.16.0.10', '172.16.0.0/20')).toBe('portal.ip=172.16.0.10/20');
    expect(() => guestAddressArg('10.0.0.1', 'nope')).toThrow(/invalid segment/);
  });

  it('reads the network and the address back from a dumped domain', () => {
    const dump = `<domain><name>s1</name><os><cmdline>console=ttyS0 portal.ip=10.0.1.11/24 portal.hostname=web</cmdline></os>
      <devices><interface type='network'><source network='vpc-n1'/></interface></devices></domain>`;
    expect(guestAddressOf(dump)).toBe('10.0.1.11');
    expect(guestNetworkOf(dump)).toBe('vpc-n1');
    expect(guestAddressOf('<domain><cmdline>console=ttyS0</cmdline></domain>')).toBeNull();
  });
});

describe('volumes', () => {
  it('are qcow2 of the capacity asked, in bytes', () => {
    const xml = volumeXml('v1.qcow2', 10);
    expect(xml).toContain('<name>v1.qcow2</name>');
    expect(xml).toContain(`<capacity unit="bytes">${10 * 1024 ** 3}</capacity>`);
    expect(xml).toContain('<format type="qcow2"/>');
  });

  it("finds a snapshot's copies in order among a pool's volumes", () => {
    const names = [
      snapshotVolumeName('s1', 1, 'data-a'),
      'root-a.qcow2',
      snapshotVolumeName('s1', 0, 'root-a'),
      snapshotVolumeName('s10', 0, 'other'),
    ];
    expect(snapshotVolumes('s1', names)).toEqual([
      { name: 'snap-s1-0-root-a.qcow2', volumeId: 'root-a' },
      { name: 'snap-s1-1-data-a.qcow2', volumeId: 'data-a' },
    ]);
  });
});
