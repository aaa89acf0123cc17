import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FirewallStatus } from '@portal/shared';
import type { FirewallRuleSpec, FirewallSpec } from '../../../cloud/driver.js';
import { firewallRules, firewalls, vmFirewalls, vms, type OperationRow } from '../../../db/schema/index.js';
import type { Db } from '../../../db/database.js';
import type { Operations } from '../../../platform/operations/operations.js';
import { resourceLifecycle } from '../../../platform/resources/lifecycle.js';

/**
 * A firewall through its operations, each verb the change it names in `firewalls.pending_operation`
 * while it runs; only the operation the firewall waits for may settle it (a late answer changes nothing).
 */
export const firewallLifecycle = resourceLifecycle({
  table: firewalls,
  type: 'firewalls',
  kinds: {
    apply: 'firewall.apply',
    delete: 'firewall.delete',
    attach: 'firewall.attach',
    detach: 'firewall.detach',
  },
});
export type FirewallVerb = keyof typeof firewallLifecycle.kinds;
const { kinds, settle } = firewallLifecycle;

/** What an operation carries: the spec the cloud is given, or the VM it joins or leaves. */
export interface FirewallOperationInput {
  spec?: FirewallSpec;
  vmId?: string;
  /** The status before the change, to go back to when an attach or detach fails. */
  from?: number;
}

const inputOf = (op: OperationRow) => op.input as FirewallOperationInput;

/** An attach or detach settled, the firewall back at the status it had before (the cloud's reason with a failure). */
const settleBack = (tx: Db, op: OperationRow, verb: 'attach' | 'detach', statusReason: string | null) =>
  settle(tx, op, verb, { status: inputOf(op).from ?? FirewallStatus.EDITABLE, statusReason });

/** The firewall as the cloud is programmed with it: its VPC and rules in order. */
export const firewallSpecOf = (
  firewallId: string,
  networkId: string,
  rules: FirewallRuleSpec[],
): FirewallSpec => ({
  firewallId,
  networkId,
  rules: rules.map(({ direction, ipVersion, protocol, port, cidr, operate }) => ({
    direction,
    ipVersion,
    protocol,
    port,
    cidr,
    operate,
  })),
});

/** Firewalls of the client as the cloud is programmed with them, in the order of `ids` (one query). */
export async function firewallSpecs(db: Db, clientId: string, ids: string[]): Promise<FirewallSpec[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      firewallId: firewalls.id,
      vpcId: firewalls.vpcId,
      direction: firewallRules.direction,
      ipVersion: firewallRules.ipVersion,
      protocol: firewallRules.protocol,
      port: firewallRules.port,
      cidr: firewallRules.cidr,
      operate: firewallRules.operate,
    })
    .from(firewalls)
    .leftJoin(firewallRules, eq(firewallRules.firewallId, firewalls.id))
    .where(and(eq(firewalls.clientId, clientId), inArray(firewalls.id, ids)))
    .orderBy(asc(firewallRules.position));
  return ids.flatMap((id) => {
    const own = rows.filter((r) => r.firewallId === id);
    if (own.length === 0) return [];
    const rules = own.flatMap((r) => (r.direction === null ? [] : [r as FirewallRuleSpec & typeof r]));
    return [firewallSpecOf(id, own[0]!.vpcId, rules)];
  });
}

/**
 * The firewall's operations (ARCHITECTURE, "Status is the cloud's word"): its rules programmed
 * (5 updating, then 7 editable, or -1 error with the cloud's reason), its deletion (6), and a VM
 * joining or leaving it (5 meanwhile; a refusal leaves the VM's firewalls as they were).
 */
export function defineFirewallOperations(operations: Operations): void {
  operations.define(kinds.apply, {
    submit: (driver, ref, op) => driver.applyFirewall(ref, inputOf(op).spec!),
    succeeded: async (tx, op) =>
      void (await settle(tx, op, 'apply', { status: FirewallStatus.EDITABLE, statusReason: null })),
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'apply', { status: FirewallStatus.ERROR, statusReason: error })),
  });

  operations.define(
    kinds.delete,
    firewallLifecycle.removal('delete', (driver, ref, op) => driver.deleteFirewall(ref, op.resourceId), {
      status: FirewallStatus.ERROR,
    }),
  );

  operations.define(kinds.attach, {
    submit: (driver, ref, op) =>
      driver.attachFirewall(ref, op.resourceId, inputOf(op).vmId!, inputOf(op).spec),
    async succeeded(tx, op) {
      const settled = await settleBack(tx, op, 'attach', null);
      if (settled.length === 0) return;
      // The VM may have gone meanwhile: the link is made only for one that is still there.
      await tx.execute(sql`
        insert into ${vmFirewalls} (client_id, vm_id, firewall_id, sort)
        select ${op.clientId}, v.id, ${op.resourceId},
          coalesce((select max(f.sort) + 1 from ${vmFirewalls} f where f.vm_id = v.id), 0)
        from ${vms} v where v.id = ${inputOf(op).vmId!} and v.client_id = ${op.clientId}
        on conflict do nothing`);
    },
    failed: async (tx, op, error) => void (await settleBack(tx, op, 'attach', error)),
  });

  operations.define(kinds.detach, {
    submit: (driver, ref, op) => driver.detachFirewall(ref, op.resourceId, inputOf(op).vmId!),
    async succeeded(tx, op) {
      const settled = await settleBack(tx, op, 'detach', null);
      if (settled.length === 0) return;
      await tx
        .delete(vmFirewalls)
        .where(and(eq(vmFirewalls.firewallId, op.resourceId), eq(vmFirewalls.vmId, inputOf(op).vmId!)));
    },
    failed: async (tx, op, error) => void (await settleBack(tx, op, 'detach', error)),
  });
}
