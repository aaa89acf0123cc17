import { FwrDirection, FwrIpVer, FwrOperate, FwrType } from '@portal/shared';
import type { FirewallRuleSpec } from '../../../cloud/driver.js';
import type { Db } from '../../../db/database.js';
import { firewallRules, firewalls } from '../../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/** A rule as the seeds write it: what the cloud programs and the customer's remark. */
export interface RuleRow extends FirewallRuleSpec {
  remark: string;
}

const rule = (
  direction: number,
  ipVersion: number,
  protocol: number,
  port: string,
  cidr: string,
  remark: string,
  operate: number = FwrOperate.ALLOW,
): RuleRow => ({ direction, ipVersion, protocol, port, cidr, operate, remark });

const IN = FwrDirection.INBOUND;
const OUT = FwrDirection.OUTBOUND;
const V4: number = FwrIpVer.IPV4;
const V6: number = FwrIpVer.IPV6;

export const rules = {
  inTcp: (port: number, cidr: string, remark: string, v = V4) =>
    rule(IN, v, FwrType.TCP, String(port), cidr, remark),
  inUdp: (port: number, cidr: string, remark: string) =>
    rule(IN, V4, FwrType.UDP, String(port), cidr, remark),
  inIcmp: (cidr: string, remark: string, v = V4) => rule(IN, v, FwrType.ICMP, '-1', cidr, remark),
  inAll: (cidr: string, remark: string) => rule(IN, V4, FwrType.ALL, 'Any', cidr, remark),
  denyIn: (cidr: string, remark: string) => rule(IN, V4, FwrType.ALL, 'Any', cidr, remark, FwrOperate.DENY),
  outAll: (remark: string, v = V4) =>
    rule(OUT, v, FwrType.ALL, 'Any', v === V6 ? '::/0' : '0.0.0.0/0', remark),
};

/** Write a firewall's rules as given (no cloud call: the simulator takes them as they come). */
export async function insertRules(db: Db, clientId: string, firewallId: string, list: RuleRow[]) {
  if (list.length > 0) {
    await db
      .insert(firewallRules)
      .values(list.map((r, position) => ({ ...r, clientId, firewallId, position })));
  }
  await db.update(firewalls).set({ ruleCount: list.length }).where(eq(firewalls.id, firewallId));
}
