import { asc, eq, inArray } from 'drizzle-orm';
import type { vmCreateSchema, vmDeleteSchema } from '@portal/shared';
import {
  canDeleteVm,
  canEditVm,
  canForceStopVm,
  canRebootVm,
  canResizeVm,
  canStartVm,
  canStopVm,
  canPlaceVmInVpc,
  canUseFirewallForNewVm,
  DiskStatus,
  ipv4Network,
  VmStatus,
  type RuleResult,
  type VmUpdate,
  vmContract,
} from '@portal/shared';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ServerSpec } from '../../cloud/driver.js';
import { disks, firewalls, osTemplates, vmFirewalls, vms, vpcs, type VmRow } from '../../db/schema/index.js';
import { allowed, fail } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { listVms, vmRows } from './vm-repository.js';
import { vmLifecycle, type VmVerb } from './vm-operations.js';
import { snapshotForNewVm } from './snapshots/vm-from-snapshot.js';
import { holdFirewallsForNewVm } from './vm-firewalls.js';
import { firewallSpecs } from '../network/index.js';

/** The segment a new VM's interface joins: the first /24 of its VPC (or the VPC when smaller). */
export function firstSegment(vpcCidr: string): string {
  const net = ipv4Network(vpcCidr);
  const prefix = Number(vpcCidr.split('/')[1]);
  if (!net || prefix >= 24) return vpcCidr;
  const first = [24, 16, 8, 0].map((shift) => (net.first >>> shift) & 255).join('.');
  return `${first}/24`;
}

/** Move a VM into a transitional status and hand the change to the cloud (a failure may go back `from`). */
async function startVmOperation(
  ctx: ResourceContext,
  vm: VmRow,
  verb: VmVerb,
  status: VmStatus,
  input: Record<string, unknown> = {},
) {
  await vmLifecycle.begin(ctx, vm.id, verb, { status }, { from: vm.status, ...input });
  return vmRows.one(ctx, vm.id);
}

/** The body as the route's schema left it: defaults filled in. */
type VmCreateBody = z.output<typeof vmCreateSchema>;

async function createVm(ctx: ResourceContext, input: VmCreateBody) {
  const [template] = await ctx.db.select().from(osTemplates).where(eq(osTemplates.id, input.templateUUID));
  if (!template) throw fail('TEMPLATEID_IS_ERROR');
  const snapshot = input.snapshotUuid ? await snapshotForNewVm(ctx, input.snapshotUuid, input) : null;
  const [vpc] = await ctx.db
    .select()
    .from(vpcs)
    .where(ctx.own(vpcs, eq(vpcs.id, input.vpcUuid)));
  if (!vpc) throw fail('VPC_NOT_FOUND');
  allowed(canPlaceVmInVpc(vpc));

  const firewallIds = [...new Set(input.firewallUuids.map((id) => id.toLowerCase()))];
  // Locked for this transaction (in id order, so two creates never wait on each other in a
  // circle): a firewall cannot start changing while the VM is being joined to it.
  const chosen =
    firewallIds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(firewalls)
          .where(ctx.own(firewalls, inArray(firewalls.id, firewallIds)))
          .orderBy(asc(firewalls.id))
          .for('update');
  if (chosen.length !== firewallIds.length) throw fail('FIREWALL_NOT_FOUND');
  if (chosen.some((f) => f.vpcId !== vpc.id)) throw fail('FIREWALL_NOT_IN_VPC');
  for (const firewall of chosen) allowed(canUseFirewallForNewVm(firewall));
  await holdFirewallsForNewVm(ctx.db, ctx.clientId, firewallIds);

  const volumes = [
    {
      id: randomUUID(),
      name: `${input.name}-root`,
      size: input.rootDiskSize,
      speed: input.rootDiskSpeed,
      root: true,
    },
    ...input.dataDisks.map((d, i) => ({
      id: randomUUID(),
      name: `${input.name}-data-${i + 1}`,
      size: d.diskSize,
      speed: d.diskSpeed,
      root: false,
    })),
  ];
  const [root, ...data] = volumes.map((v) => ({ volumeId: v.id, sizeGb: v.size, speed: v.speed }));
  const firewallRules = await firewallSpecs(ctx.db, ctx.clientId, firewallIds);
  const vm = await vmLifecycle.create(
    ctx,
    'create',
    {
      name: input.name,
      status: VmStatus.LAUNCHING,
      templateId: template.id,
      cpuCore: input.cpuCore,
      ramSize: input.ramSize,
      vpcId: vpc.id,
      autoPublicIp: input.isAutoAssignPublicIP,
      hypervisorId: input.hypervisorId || null,
      enableAutoRecover: input.enableAutoRecover,
      enableTerminationProtection: input.enableTerminationProtection,
      enableStopProtection: input.enableStopProtection,
    },
    (vm) => {
      const spec: ServerSpec & { vpcId: string; firewallId: string | null } = {
        serverId: vm.id,
        name: input.name,
        cpu: input.cpuCore,
        ramGb: input.ramSize,
        imageId: template.id,
        cidrIpv4: firstSegment(vpc.cidrIpv4),
        cidrIpv6: vpc.cidrIpv6,
        publicIp: input.isAutoAssignPublicIP,
        host: input.hypervisorId || undefined,
        rootVolume: root!,
        dataVolumes: data,
        vpcId: vpc.id,
        firewallId: firewallIds[0] ?? null,
        firewalls: firewallRules,
        ...(snapshot ? { fromSnapshotId: snapshot.id } : {}),
      };
      return spec as unknown as Record<string, unknown>;
    },
  );
  await ctx.db.insert(disks).values(
    volumes.map((v) => ({
      id: v.id,
      clientId: ctx.clientId,
      name: v.name,
      sizeGb: v.size,
      speed: v.speed,
      status: DiskStatus.CREATING,
      pendingOperation: 'create',
      isRoot: v.root,
      vmId: vm.id,
    })),
  );
  if (chosen.length > 0) {
    await ctx.db
      .insert(vmFirewalls)
      .values(
        firewallIds.map((firewallId, sort) => ({ clientId: ctx.clientId, vmId: vm.id, firewallId, sort })),
      );
  }
  return vmRows.one(ctx, vm.id);
}

async function updateVm(ctx: ResourceContext, id: string, body: VmUpdate) {
  const vm = await vmRows.forUpdate(ctx, id);
  allowed(canEditVm(vm));
  const { cpuCore, ramSize, ...settings } = body;
  if (Object.keys(settings).length > 0) {
    await ctx.db
      .update(vms)
      .set(settings)
      .where(ctx.own(vms, eq(vms.id, id)));
  }
  const resize =
    cpuCore !== undefined && ramSize !== undefined && (cpuCore !== vm.cpuCore || ramSize !== vm.ramSize);
  if (!resize) return vmRows.one(ctx, id);
  allowed(canResizeVm(vm));
  return startVmOperation(ctx, vm, 'resize', VmStatus.EDITING, { cpuCore, ramSize });
}

async function deleteVm(ctx: ResourceContext, id: string, body: z.output<typeof vmDeleteSchema>) {
  const vm = await vmRows.forUpdate(ctx, id);
  allowed(canDeleteVm(vm));
  const own = await ctx.db
    .select({ id: disks.id, isRoot: disks.isRoot })
    .from(disks)
    .where(ctx.own(disks, eq(disks.vmId, id)))
    .for('update');
  const volumeIds = own.filter((d) => d.isRoot || body.deleteDataDisks).map((d) => d.id);
  if (volumeIds.length > 0) {
    await ctx.db
      .update(disks)
      .set({ status: DiskStatus.DELETING, pendingOperation: 'delete' })
      .where(ctx.own(disks, inArray(disks.id, volumeIds)));
  }
  return startVmOperation(ctx, vm, 'delete', VmStatus.STOPPING, { volumeIds });
}

/** A power action: the rule that allows it, and the status the VM shows while it runs. */
const power = (verb: VmVerb, rule: (vm: VmRow) => RuleResult, status: VmStatus, summary: string) => ({
  summary,
  async handler(ctx: ResourceContext, id: string) {
    const vm = await vmRows.forUpdate(ctx, id);
    allowed(rule(vm));
    return startVmOperation(ctx, vm, verb, status);
  },
});

/** VMs (routes vmSetting, createVM; log code 10010). */
export const vmResource = defineResource(vmContract, {
  rows: vmRows,
  list: listVms,
  create: {
    summary: 'Launch a VM (answers at once with status 4, launching)',
    handler: createVm,
  },
  update: {
    summary: 'Rename, set protections, or resize a stopped VM (status 5 while the cloud resizes)',
    handler: updateVm,
  },
  remove: {
    summary: 'Delete a VM with its root disk (and its data disks if asked); the login password confirms it',
    handler: deleteVm,
  },
  actions: {
    start: power('start', canStartVm, VmStatus.STARTING, 'Start a stopped VM'),
    stop: power('stop', canStopVm, VmStatus.STOPPING, 'Shut a running VM down'),
    'force-stop': power('force-stop', canForceStopVm, VmStatus.STOPPING, 'Cut the power of a VM'),
    reboot: power('reboot', canRebootVm, VmStatus.STARTING, 'Restart a running VM'),
  },
});
