import { eq, sql } from 'drizzle-orm';
import type { firewallCreateSchema, firewallUpdateSchema } from '@portal/shared';
import {
  canAttachFirewall,
  canCreateFirewall,
  canDeleteFirewall,
  canDetachFirewall,
  canEditFirewall,
  FirewallStatus,
  VpcStatus,
  type FirewallVm,
  firewallContract,
} from '@portal/shared';
import type { z } from 'zod';
import type { FirewallRuleSpec } from '../../../cloud/driver.js';
import { firewallRules, firewalls, vms, vpcs, type FirewallRow } from '../../../db/schema/index.js';
import { allowed, fail } from '../../../platform/errors.js';
import { isUuid } from '../../../platform/ids.js';
import type { ResourceContext } from '../../../platform/resources/context.js';
import { defineResource } from '../../../platform/resources/declaration.js';
import { lockParent } from '../../../platform/resources/parent-lock.js';
import {
  firewallLifecycle,
  firewallSpecOf,
  firewallSpecs,
  type FirewallVerb,
} from './firewall-operations.js';
import { firewallRows, firewallsJoining, listFirewalls, vmCountOf } from './firewall-repository.js';

type RuleInput = z.output<typeof firewallCreateSchema>['rules'][number];

/** A rule of the form as it is stored and as the cloud is given it. */
const cloudRuleOf = (r: RuleInput): FirewallRuleSpec => ({
  direction: r.fwrDirection,
  ipVersion: r.fwrIpVer,
  protocol: r.fwrType,
  port: r.fwrPort,
  cidr: r.cidrDest,
  operate: r.fwrOperate,
});

/** Replace the firewall's rules with these, in this order, and keep its rule count with them. */
async function writeRules(ctx: ResourceContext, firewallId: string, rules: RuleInput[]) {
  await ctx.db.delete(firewallRules).where(ctx.own(firewallRules, eq(firewallRules.firewallId, firewallId)));
  if (rules.length > 0) {
    await ctx.db.insert(firewallRules).values(
      rules.map((r, position) => ({
        clientId: ctx.clientId,
        firewallId,
        ...cloudRuleOf(r),
        remark: r.remark,
        position,
      })),
    );
  }
  await ctx.db
    .update(firewalls)
    .set({ ruleCount: rules.length })
    .where(ctx.own(firewalls, eq(firewalls.id, firewallId)));
}

/** Put the firewall in the change's status and hand the change to the cloud. */
async function startFirewallOperation(
  ctx: ResourceContext,
  firewall: FirewallRow,
  verb: FirewallVerb,
  status: FirewallStatus,
  input: Record<string, unknown>,
) {
  await firewallLifecycle.begin(ctx, firewall.id, verb, { status }, { from: firewall.status, ...input });
  return firewallRows.one(ctx, firewall.id);
}

async function createFirewall(ctx: ResourceContext, body: z.output<typeof firewallCreateSchema>) {
  // Counted under the customer's lock: two creates at once cannot both take the last place.
  await lockParent(ctx.db, 'firewalls', ctx.clientId);
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(firewalls)
    .where(ctx.own(firewalls));
  allowed(canCreateFirewall(counted?.n ?? 0));
  const vpcId = body.vpcUuid.toLowerCase();
  if (!isUuid(vpcId)) throw fail('VPC_NOT_FOUND');
  const [vpc] = await ctx.db
    .select()
    .from(vpcs)
    .where(ctx.own(vpcs, eq(vpcs.id, vpcId)))
    .for('share');
  if (!vpc || vpc.status === VpcStatus.DELETING) throw fail('VPC_NOT_FOUND');
  const row = await firewallLifecycle.create(
    ctx,
    'apply',
    { vpcId: vpc.id, name: body.name, status: FirewallStatus.UPDATING },
    (row) => ({ spec: firewallSpecOf(row.id, vpc.id, body.rules.map(cloudRuleOf)) }),
  );
  await writeRules(ctx, row.id, body.rules);
  return firewallRows.one(ctx, row.id);
}

/** The name alone is the portal's; new rules are programmed (5 updating until the cloud answers). */
async function updateFirewall(ctx: ResourceContext, id: string, body: z.output<typeof firewallUpdateSchema>) {
  const firewall = await firewallRows.forUpdate(ctx, id);
  allowed(canEditFirewall(firewall));
  if (body.name !== undefined) {
    await ctx.db
      .update(firewalls)
      .set({ name: body.name })
      .where(ctx.own(firewalls, eq(firewalls.id, id)));
  }
  if (body.rules === undefined) return firewallRows.one(ctx, id);
  await writeRules(ctx, id, body.rules);
  return startFirewallOperation(ctx, firewall, 'apply', FirewallStatus.UPDATING, {
    spec: firewallSpecOf(id, firewall.vpcId, body.rules.map(cloudRuleOf)),
  });
}

async function deleteFirewall(ctx: ResourceContext, id: string) {
  const firewall = await firewallRows.forUpdate(ctx, id);
  allowed(canDeleteFirewall({ status: firewall.status, vmCount: await vmCountOf(ctx, id) }));
  return startFirewallOperation(ctx, firewall, 'delete', FirewallStatus.DELETING, {});
}

/** The VM named in an attach or detach, locked, with the firewalls it is in. */
async function vmFor(ctx: ResourceContext, vmUuid: string) {
  const vmId = vmUuid.toLowerCase();
  if (!isUuid(vmId)) throw fail('VM_NOT_FOUND');
  const [vm] = await ctx.db
    .select({
      id: vms.id,
      status: vms.status,
      pendingOperation: vms.pendingOperation,
      vpcUuid: sql<string>`${vms.vpcId}::text`,
      firewallUuids: sql<string[]>`${vms.firewallIds}::text[]`,
    })
    .from(vms)
    .where(ctx.own(vms, eq(vms.id, vmId)))
    .for('update');
  if (!vm) throw fail('VM_NOT_FOUND');
  return vm;
}

async function attachFirewall(ctx: ResourceContext, id: string, body: FirewallVm) {
  const firewall = await firewallRows.forUpdate(ctx, id);
  const vm = await vmFor(ctx, body.vmUuid);
  const joiningFirewalls = await firewallsJoining(ctx, vm.id);
  allowed(
    canAttachFirewall(
      { ...firewall, firewallUuid: firewall.id, vpcUuid: firewall.vpcId },
      { ...vm, joiningFirewalls },
    ),
  );
  // The rules go with the request: a cloud that filters per server programs them on it.
  const [spec] = await firewallSpecs(ctx.db, ctx.clientId, [firewall.id]);
  return startFirewallOperation(ctx, firewall, 'attach', FirewallStatus.UPDATING, { vmId: vm.id, spec });
}

async function detachFirewall(ctx: ResourceContext, id: string, body: FirewallVm) {
  const firewall = await firewallRows.forUpdate(ctx, id);
  const vm = await vmFor(ctx, body.vmUuid);
  allowed(canDetachFirewall({ ...firewall, firewallUuid: firewall.id }, vm));
  return startFirewallOperation(ctx, firewall, 'detach', FirewallStatus.UPDATING, { vmId: vm.id });
}

/**
 * Firewalls (spec section 3, routes firewall, createFirewall, createFirewall/{vpcId},
 * editFirewall/{id}; log code 10014): a firewall and its whole rule list are one resource. A
 * create or a change of the rules carries every rule in order and programs the cloud with them
 * (`driver.applyFirewall`); `GET /api/firewalls/{uuid}/rules` reads them (firewall-routes.ts).
 */
export const firewallResource = defineResource(firewallContract, {
  rows: firewallRows,
  idOf: (firewall) => firewall.firewallUuid,
  list: listFirewalls,
  create: {
    summary: 'Create a firewall in a VPC with its rules (status 5 until the cloud has programmed it)',
    handler: createFirewall,
  },
  update: {
    summary: 'Rename a firewall or replace its whole rule list (only in status -1 or 7)',
    handler: updateFirewall,
  },
  remove: {
    summary: 'Delete a firewall no VM is in (status 6 until the cloud has removed it)',
    handler: deleteFirewall,
  },
  actions: {
    attach: {
      summary: "Put a VM of the firewall's VPC in it (status 5 until the cloud has done it)",
      handler: attachFirewall,
    },
    detach: {
      summary: 'Take a VM out of the firewall, even its last one (status 5 until the cloud has done it)',
      handler: detachFirewall,
    },
  },
});
