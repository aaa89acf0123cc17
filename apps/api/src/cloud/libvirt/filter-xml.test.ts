import { describe, expect, it } from 'vitest';
import { FwrDirection, FwrIpVer, FwrOperate, FwrType } from '@portal/shared';
import { filterFirewalls, filterUuid, firewallFilterXml, ruleXml, serverFilterXml } from './filter-xml.js';

const rule = (over: Partial<Parameters<typeof ruleXml>[0]> = {}) => ({
  direction: FwrDirection.INBOUND,
  ipVersion: FwrIpVer.IPV4,
  protocol: FwrType.TCP,
  port: '22',
  cidr: '0.0.0.0/0',
  operate: FwrOperate.ALLOW,
  ...over,
});

describe('a firewall as a network filter', () => {
  it('lets in what comes from the range to the port; libvirt calls traffic to the guest "in"', () => {
    expect(ruleXml(rule({ cidr: '10.0.0.0/16' }), -500)).toBe(
      [
        "  <rule action='accept' direction='in' priority='-500'>",
        "    <tcp srcipaddr='10.0.0.0' srcipmask='16' dstportstart='22'/>",
        '  </rule>',
      ].join('\n'),
    );
  });

  it('names the destination of outbound traffic, and drops what a deny rule names', () => {
    const out = ruleXml(
      rule({ direction: FwrDirection.OUTBOUND, protocol: FwrType.UDP, port: '53', cidr: '8.8.8.8/32' }),
      -499,
    );
    expect(out).toContain("direction='out'");
    expect(out).toContain("<udp dstipaddr='8.8.8.8' dstipmask='32' dstportstart='53'/>");
    expect(ruleXml(rule({ operate: FwrOperate.DENY, protocol: FwrType.ALL, port: 'Any' }), 0)).toContain(
      "<rule action='drop' direction='in' priority='0'>\n    <all/>",
    );
  });

  it('speaks IPv6 and ICMP in their own elements, with no port', () => {
    expect(
      ruleXml(rule({ protocol: FwrType.ICMP, port: '-1', ipVersion: FwrIpVer.IPV6, cidr: '::/0' }), 1),
    ).toContain('<icmpv6/>');
    expect(ruleXml(rule({ ipVersion: FwrIpVer.IPV6, cidr: '2001:db8::/32' }), 1)).toContain(
      "<tcp-ipv6 srcipaddr='2001:db8::' srcipmask='32' dstportstart='22'/>",
    );
  });

  it('refuses a range that is no range rather than open the guest', () => {
    expect(() => ruleXml(rule({ cidr: "10.0.0.0/8' action='accept" }), 1)).toThrow(/invalid address range/);
  });

  it('keeps the rules in order, and a server drops what its firewalls do not allow', () => {
    const xml = firewallFilterXml({
      firewallId: 'fw1',
      networkId: 'n',
      rules: [rule(), rule({ port: '80' })],
    });
    expect(xml.indexOf("priority='-500'")).toBeLessThan(xml.indexOf("priority='-499'"));
    expect(xml).toMatch(/^<filter name='portal-fw-fw1' chain='root'>/);
    // The same uuid each time: libvirt takes a changed definition only with the uuid it has.
    expect(xml).toContain(`<uuid>${filterUuid('portal-fw-fw1')}</uuid>`);
    expect(filterUuid('portal-fw-fw1')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(filterUuid('portal-fw-fw2')).not.toBe(filterUuid('portal-fw-fw1'));
    const server = serverFilterXml('vm1', ['fw1', 'fw2']);
    expect(filterFirewalls(server)).toEqual(['fw1', 'fw2']);
    expect(server).toContain("<rule action='drop' direction='inout' priority='900'>\n    <all/>");
    expect(server).toContain('<all-ipv6/>');
  });
});
