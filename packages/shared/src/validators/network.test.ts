import { describe, expect, it } from 'vitest';
import { firewallPort, ipv4Text, isHost, isIPv4, isIPv4Range, isIPv6, isPort } from './network.js';

const V4 = 'validation.needBeFormat.IPv4';
const V4R = 'validation.needBeFormat.IPv4Range';
const V6 = 'validation.needBeFormat.IPv6Range';

describe('isIPv4', () => {
  it.each(['0.0.0.0', '10.0.0.1', '192.168.1.254', '255.255.255.255', '1.2.3.4'])('accepts %s', (ip) => {
    expect(isIPv4(ip)).toBe(true);
    expect(ipv4Text(ip)).toBe(true);
  });
  it.each([
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    '1.2.3.4/24',
    ' 1.2.3.4',
    'a.b.c.d',
    '',
    '1..2.3',
  ])('rejects %j', (ip) => {
    expect(isIPv4(ip)).toBe(V4);
    expect(ipv4Text(ip)).toBe(false);
  });
  it('rejects non-strings', () => expect(isIPv4(undefined)).toBe(V4));
});

describe('isIPv4Range', () => {
  it.each(['10.0.0.0/8', '192.168.0.0/16', '0.0.0.0/0', '10.1.2.3/32', '10/8', '172.16/12', '10.0.0/24'])(
    'accepts %s',
    (cidr) => expect(isIPv4Range(cidr)).toBe(true),
  );
  it.each([
    '10.0.0.0/33',
    '10.0.0.0',
    '10.0.0.0/',
    '/8',
    '256.0.0.0/8',
    '10.0.0.0.0/8',
    '10..0/8',
    '10.0.0.0/8/9',
    '10.0.0.0/-1',
    '10.0.0.0/100',
    '',
  ])('rejects %j', (cidr) => expect(isIPv4Range(cidr)).toBe(V4R));
  it('rejects non-strings', () => expect(isIPv4Range(null)).toBe(V4R));
});

describe('isIPv6 (optional prefix up to 128)', () => {
  it.each([
    '::',
    '::1',
    'fe80::1/64',
    '2001:db8::/32',
    '::ffff:10.0.0.1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '2001:db8:0:0:0:ff00:42:8329/128',
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '1:2:3:4:5:6:1.2.3.4',
    'FE80::ABCD',
    '::/0',
  ])('accepts %s', (ip) => expect(isIPv6(ip)).toBe(true));

  it.each([
    ['1:2:3:4:5:6:7:8:9', 'nine groups'],
    [':::', 'triple colon'],
    ['2001:db8::/129', 'prefix above 128'],
    ['gggg::', 'not hex'],
    ['1:2:3:4:5:6:7', 'seven groups without ::'],
    ['1:2:3:4:5:6:7:8::', 'eight groups and ::'],
    ['1::2::3', 'two ::'],
    [':1:2:3:4:5:6:7', 'leading single colon'],
    ['12345::', 'group of five digits'],
    ['::ffff:256.0.0.1', 'bad embedded IPv4'],
    ['1:2:3:4:5:6:7:1.2.3.4', 'embedded IPv4 makes nine groups'],
    ['::/', 'empty prefix'],
    ['::/1/2', 'two prefixes'],
    ['1.2.3.4', 'IPv4 alone'],
    ['', 'empty'],
  ])('rejects %j (%s)', (ip) => expect(isIPv6(ip)).toBe(V6));

  it('rejects non-strings', () => expect(isIPv6(6)).toBe(V6));
});

describe('isHost', () => {
  it.each(['10.0.0.1', '::1', 'example.com', 'a-b.example.co', 'localhost'])('accepts %s', (h) =>
    expect(isHost(h)).toBe(true),
  );
  it.each(['-example.com', 'exa mple.com', 'example..com', '', 'a_b.com'])('rejects %j', (h) =>
    expect(isHost(h)).toBe('validation.needBeFormat.Host'),
  );
});

describe('isPort', () => {
  it.each(['1', '80', '65535', 443])('accepts %j', (p) => expect(isPort(p)).toBe(true));
  it.each(['0', '65536', '-1', '80-90', '8.5', '', 'Any'])('rejects %j', (p) =>
    expect(isPort(p)).toBe('validation.needBePort'),
  );
  it('carries its limits', () => expect(isPort.values).toEqual({ min: 1, max: 65535 }));
});

describe('firewallPort by protocol (fwrType 0 ALL, 1 TCP, 2 UDP, 3 ICMP)', () => {
  it('ALL needs Any', () => {
    expect(firewallPort(0, 'Any')).toBe(true);
    expect(firewallPort(0, '80')).toBe('validation.firewallPort.all');
    expect(firewallPort(0, 'any')).toBe('validation.firewallPort.all');
    expect(firewallPort(0, '-1')).toBe('validation.firewallPort.all');
  });

  it.each([1, 2] as const)('protocol %i needs one port 1-65535', (protocol) => {
    expect(firewallPort(protocol, '1')).toBe(true);
    expect(firewallPort(protocol, '22')).toBe(true);
    expect(firewallPort(protocol, 65535)).toBe(true);
    expect(firewallPort(protocol, '0')).toBe('validation.firewallPort.tcpUdp');
    expect(firewallPort(protocol, '65536')).toBe('validation.firewallPort.tcpUdp');
    expect(firewallPort(protocol, '80-90')).toBe('validation.firewallPort.tcpUdp');
    expect(firewallPort(protocol, '80,443')).toBe('validation.firewallPort.tcpUdp');
    expect(firewallPort(protocol, 'Any')).toBe('validation.firewallPort.tcpUdp');
    expect(firewallPort(protocol, '-1')).toBe('validation.firewallPort.tcpUdp');
  });

  it('ICMP needs -1', () => {
    expect(firewallPort(3, '-1')).toBe(true);
    expect(firewallPort(3, -1)).toBe(true);
    expect(firewallPort(3, '0')).toBe('validation.firewallPort.icmp');
    expect(firewallPort(3, 'Any')).toBe('validation.firewallPort.icmp');
  });

  it.each([0, 1, 2, 3] as const)('protocol %i: an empty port is notEmpty', (protocol) => {
    expect(firewallPort(protocol, '')).toBe('validation.notEmpty');
    expect(firewallPort(protocol, '  ')).toBe('validation.notEmpty');
    expect(firewallPort(protocol, undefined)).toBe('validation.notEmpty');
    expect(firewallPort(protocol, null)).toBe('validation.notEmpty');
  });

  it('an unknown protocol fails', () => {
    expect(firewallPort(9 as never, '80')).toBe('validation.firewallPort.protocol');
  });
});
