import { describe, expect, it } from 'vitest';
import { bridgeName, dhcpHosts, networkXml } from './network-xml.js';
import { snapshotVolumeName, snapshotVolumes, volumeXml } from './volume-xml.js';

describe('a VPC network', () => {
  it('is isolated, with the host at the first address and DHCP from the eleventh', () => {
    const xml = networkXml({ name: 'vpc-n1', cidrIpv4: '10.0.1.0/24', nat: false });
    expect(xml).not.toContain('<forward');
    expect(xml).toContain("<ip address='10.0.1.1' prefix='24'>");
    expect(xml).toContain("<range start='10.0.1.10' end='10.0.1.254'/>");
    expect(xml).toContain(`<bridge name='${bridgeName('vpc-n1')}'`);
  });

  it('forwards through NAT when asked', () => {
    expect(networkXml({ name: 'vpc-n1', cidrIpv4: '172.16.0.0/20', nat: true })).toContain(
      "<forward mode='nat'/>",
    );
    expect(networkXml({ name: 'vpc-n1', cidrIpv4: '172.16.0.0/20', nat: true })).toContain("prefix='20'");
  });

  it('names bridges within Linux limit of 15 characters', () => {
    const name = bridgeName('vpc-bbbbbbbb-0000-4000-8000-000000000001');
    expect(name.length).toBeLessThanOrEqual(15);
    expect(bridgeName('vpc-other')).not.toBe(name);
  });

  it('refuses a segment that is no network', () => {
    expect(() => networkXml({ name: 'n', cidrIpv4: 'nope', nat: false })).toThrow(/invalid segment/);
  });

  it('reads the fixed leases of a dumped network', () => {
    const dump = `<network><ip><dhcp><range start='10.0.1.10' end='10.0.1.254'/>
      <host mac='52:54:00:AA:BB:CC' ip='10.0.1.10'/><host mac="52:54:00:00:00:01" ip="10.0.1.11"/></dhcp></ip></network>`;
    expect(dhcpHosts(dump)).toEqual([
      { mac: '52:54:00:aa:bb:cc', ip: '10.0.1.10' },
      { mac: '52:54:00:00:00:01', ip: '10.0.1.11' },
    ]);
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
