import { describe, expect, it } from 'vitest';
import { FIREWALL_REMARK_MAX, FIREWALL_RULES_MAX } from '../constants.js';
import { firewallCidr, firewallPort } from '../validators/network.js';
import { firewallCreateSchema, firewallRuleInputSchema } from './firewall.js';

/** A VPC's id (the schema takes any UUID; the server looks it up). */
const VPC = '3f2b8c4e-1d5a-4c7b-9e0f-2a6b8c1d3e5f';

const rule = (over: Record<string, unknown> = {}) => ({
  fwrDirection: 1,
  fwrIpVer: 1,
  fwrType: 1,
  fwrPort: '22',
  cidrDest: '203.0.113.0/24',
  fwrOperate: 0,
  remark: 'SSH from the office',
  ...over,
});
/** The problems of a rule as `{ path: message }`. */
const problems = (input: unknown) => {
  const parsed = firewallRuleInputSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('firewall rule input', () => {
  it('takes the port each protocol allows, and no range', () => {
    const cases: [number, unknown, string | null][] = [
      [0, 'Any', null],
      [0, '80', 'validation.firewallPort.all'],
      [1, '22', null],
      [1, 22, null],
      [2, '65535', null],
      [1, '0', 'validation.firewallPort.tcpUdp'],
      [1, '65536', 'validation.firewallPort.tcpUdp'],
      [1, '80-443', 'validation.firewallPort.tcpUdp'],
      [2, '53,54', 'validation.firewallPort.tcpUdp'],
      [1, 'Any', 'validation.firewallPort.tcpUdp'],
      [3, '-1', null],
      [3, '8', 'validation.firewallPort.icmp'],
      [1, '', 'validation.notEmpty'],
      [0, '  ', 'validation.notEmpty'],
    ];
    for (const [fwrType, fwrPort, message] of cases) {
      const found = problems(rule({ fwrType, fwrPort }));
      expect(found.fwrPort, `${fwrType} ${String(fwrPort)}`).toBe(message ?? undefined);
      expect(firewallPort(fwrType as 0, fwrPort) === true, String(fwrPort)).toBe(message === null);
    }
  });

  it('takes a destination range of the rule’s IP version', () => {
    expect(problems(rule({ fwrIpVer: 1, cidrDest: '0.0.0.0/0' }))).toEqual({});
    expect(problems(rule({ fwrIpVer: 1, cidrDest: '::/0' })).cidrDest).toBe(
      'validation.needBeFormat.IPv4Range',
    );
    expect(problems(rule({ fwrIpVer: 1, cidrDest: '10.0.0.1' })).cidrDest).toBe(
      'validation.needBeFormat.IPv4Range',
    );
    expect(problems(rule({ fwrIpVer: 2, cidrDest: '2001:db8::/32' }))).toEqual({});
    expect(problems(rule({ fwrIpVer: 2, cidrDest: '::/0' }))).toEqual({});
    expect(problems(rule({ fwrIpVer: 2, cidrDest: '10.0.0.0/8' })).cidrDest).toBe(
      'validation.needBeFormat.IPv6Range',
    );
    expect(problems(rule({ cidrDest: '' })).cidrDest).toBe('validation.notEmpty');
    expect(firewallCidr(2, '2001:db8::/129')).toBe('validation.needBeFormat.IPv6Range');
  });

  it('says "cannot be empty" for a missing choice and "choose one" for a wrong one', () => {
    const missing = problems({ fwrPort: 'Any', cidrDest: '0.0.0.0/0' });
    expect(missing).toMatchObject({
      fwrDirection: 'validation.notEmpty',
      fwrIpVer: 'validation.notEmpty',
      fwrType: 'validation.notEmpty',
      fwrOperate: 'validation.notEmpty',
    });
    expect(problems(rule({ fwrDirection: 3, fwrOperate: 2 }))).toEqual({
      fwrDirection: 'validation.needBeOneOf',
      fwrOperate: 'validation.needBeOneOf',
    });
    expect(problems(rule({ remark: 'x'.repeat(FIREWALL_REMARK_MAX + 1) })).remark).toBe(
      'validation.needBeStringInRange',
    );
  });

  it('puts each rule’s problem on its own row and keeps the order', () => {
    const parsed = firewallCreateSchema.safeParse({
      name: 'web',
      vpcUuid: VPC,
      rules: [rule(), rule({ fwrType: 3, fwrPort: '22' })],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['rules.1.fwrPort']);
    const many = firewallCreateSchema.safeParse({
      name: 'web',
      vpcUuid: VPC,
      rules: Array.from({ length: FIREWALL_RULES_MAX + 1 }, () => rule()),
    });
    expect(many.success).toBe(false);
    const ok = firewallCreateSchema.parse({ name: 'web', vpcUuid: VPC, rules: [rule({ fwrPort: 443 })] });
    expect(ok.rules[0]).toMatchObject({ fwrPort: '443', remark: 'SSH from the office' });
  });
});
