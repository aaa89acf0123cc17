import { and, eq, isNull } from 'drizzle-orm';
import {
  canAdjustVni,
  canAttachDisk,
  canBindVmToRule,
  canCreateVmFromSnapshot,
  canDeleteDisk,
  canDeleteSnapshot,
  canDeleteVm,
  canDetachDisk,
  canEditVm,
  canForceStopVm,
  canOpenVmConsole,
  canRebootVm,
  canResizeDisk,
  canResizeVm,
  canRestoreSnapshot,
  canRetypeDisk,
  canSnapshotVm,
  canStartVm,
  canStopVm,
  DiskSpeed,
  DiskStatus,
  SnapshotStatus,
  vmSizing,
  VmStatus,
  type Disk,
  type RuleResult,
  type Snapshot,
  type SnapshotRule,
  type Vm,
  type Vni,
  type Vpc,
} from '@portal/shared';
import { disks, simServers, simSnapshots, simVolumes, snapshotRules } from '../src/db/schema/index.js';
import { createSnapshotScheduler } from '../src/modules/compute/snapshots/rule-scheduler.js';
import type { TestApp } from './build.js';
import {
  confirmed,
  declared,
  deletion,
  differs,
  portalOnly,
  renamed,
  renaming,
  when,
  type Kind,
  type Plan,
  type TenantApi,
} from './estate-walk.js';

/** The first of these that a rule allows, or the first refusal (`none` when there is nothing to ask). */
function firstAllowed<R>(
  rows: R[],
  rule: (row: R) => true | string,
  none: string,
): { row: R } | { skip: string } {
  let refusal: string | null = null;
  for (const row of rows) {
    const answer = rule(row);
    if (answer === true) return { row };
    refusal ??= answer;
  }
  return { skip: refusal ?? none };
}

/** The kinds of the compute estate: VMs, disks, interfaces, snapshots and snapshot rules. */
export function computeKinds(t: TestApp, api: TenantApi) {
  const vms = () => api.records<Vm>('/api/vms?limit=0');
  const snapshots = () => api.records<Snapshot>('/api/snapshots?limit=0');
  const vmOf = (id: string | null) => (id ? api.read<Vm>(`/api/vms/${id}`) : Promise.resolve(undefined));
  const server = async (id: string) => (await t.db.select().from(simServers).where(eq(simServers.id, id)))[0];
  const volume = async (id: string) => (await t.db.select().from(simVolumes).where(eq(simVolumes.id, id)))[0];

  const ranges = new Map<string, string>();
  const ipv6Range = async (vpcId: string) => {
    if (!ranges.has(vpcId)) ranges.set(vpcId, (await api.read<Vpc>(`/api/vpcs/${vpcId}`))!.cidrIpv6);
    return ranges.get(vpcId)!;
  };

  const vm: Kind<Vm> = {
    ...declared<Vm>(api, 'vms', (v) => v.uuid),
    state: (v) => String(v.status),
    failed: (v) => v.status === VmStatus.ERROR || v.statusReason !== null,
    async cloud(v) {
      const s = await server(v.uuid);
      if (!s || s.deletedAt) return ['the cloud has no such server'];
      const power = v.status === VmStatus.RUNNING ? 'on' : v.status === VmStatus.STOPPED ? 'off' : s.power;
      const own = (await t.db.select({ id: disks.id }).from(disks).where(eq(disks.vmId, v.uuid))).map(
        (d) => d.id,
      );
      const attached = await t.db
        .select({ id: simVolumes.id })
        .from(simVolumes)
        .where(and(eq(simVolumes.serverId, v.uuid), isNull(simVolumes.deletedAt)));
      return [
        ...differs('power', power, s.power),
        ...differs('size', [v.cpuCore, v.ramSize], [s.cpu, s.ramGb]),
        ...differs('addresses', [v.privateIP, v.publicIP, v.ipv6], [s.privateIp, s.publicIp, s.ipv6]),
        // The cloud gives a server an address of its VPC's IPv6 range, when it has one.
        ...((await ipv6Range(v.vpcUuid)) !== '-1' && !s.ipv6 ? ['no IPv6 address in its VPC’s range'] : []),
        ...differs('booted at', v.lastBootTime, s.bootedAt?.toISOString() ?? null),
        ...differs('volumes', own.sort(), attached.map((a) => a.id).sort()),
      ];
    },
    async gone(id) {
      const s = await server(id);
      const kept = await t.db
        .select({ id: simVolumes.id })
        .from(simVolumes)
        .where(and(eq(simVolumes.serverId, id), isNull(simVolumes.deletedAt)));
      return [
        ...(s?.deletedAt ? [] : ['the cloud still runs the server']),
        ...(kept.length > 0 ? ['the cloud left volumes on it'] : []),
      ];
    },
    steps: [
      renaming('PATCH /api/vms/:uuid', (v) => `/api/vms/${v.uuid}`, 'name', canEditVm),
      power('reboot', canRebootVm, VmStatus.RUNNING),
      {
        route: 'POST /api/vms/:uuid/console',
        what: 'open the serial console',
        cloud: false,
        plan: (v) => when(canOpenVmConsole(v), () => ({ method: 'POST', url: `/api/vms/${v.uuid}/console` })),
        // What the ticket's socket then asks of the cloud: its console of the server.
        async effect(v) {
          try {
            (await t.app.cloud.openConsole(v.uuid)).close();
            return [];
          } catch (error) {
            return [`the cloud has no console for it: ${String(error)}`];
          }
        },
      },
      {
        route: 'POST /api/snapshots',
        what: 'take a snapshot of it',
        cloud: true,
        plan: (v) =>
          when(canSnapshotVm(v), () => ({
            method: 'POST',
            url: '/api/snapshots',
            body: { name: `${v.uuid.slice(0, 8)}-walk`, vmUuid: v.uuid },
          })),
        async effect(v) {
          const taken = (await snapshots()).find((s) => s.name === `${v.uuid.slice(0, 8)}-walk`);
          return differs('snapshot status', SnapshotStatus.COMPLETED, taken?.status);
        },
      },
      power('force-stop', canForceStopVm, VmStatus.STOPPED),
      power('start', canStartVm, VmStatus.RUNNING),
      power('stop', canStopVm, VmStatus.STOPPED),
      {
        route: 'PATCH /api/vms/:uuid',
        what: 'resize',
        cloud: true,
        plan(v) {
          const cpuCore = [v.cpuCore + 2, v.cpuCore - 2].find((c) => vmSizing(c, v.ramSize) === true)!;
          return when(canResizeVm(v), () => ({
            method: 'PATCH',
            url: `/api/vms/${v.uuid}`,
            body: { cpuCore, ramSize: v.ramSize },
          }));
        },
        effect: (v, after) => (after?.cpuCore === v.cpuCore ? ['the size did not change'] : []),
      },
    ],
    remove: {
      route: 'DELETE /api/vms/:uuid',
      what: 'delete with its disks',
      cloud: true,
      plan: (v) =>
        when(canDeleteVm(v), () => ({
          method: 'DELETE',
          url: `/api/vms/${v.uuid}`,
          body: confirmed({ deleteDataDisks: true }),
        })),
    },
  };

  function power(action: string, rule: (v: Vm) => RuleResult, status: VmStatus) {
    return {
      route: `POST /api/vms/:uuid/${action}`,
      what: action,
      cloud: true,
      plan: (v: Vm): Plan => when(rule(v), () => ({ method: 'POST', url: `/api/vms/${v.uuid}/${action}` })),
      effect: (_: Vm, after: Vm | undefined) => differs('status', status, after?.status),
    };
  }

  const disk: Kind<Disk> = {
    ...declared<Disk>(api, 'disks', (d) => d.uuid),
    state: (d) => `${d.status}:${d.vmUuid ? 'attached' : 'free'}`,
    failed: (d) => d.status === DiskStatus.ERROR || d.statusReason !== null,
    async cloud(d) {
      const v = await volume(d.uuid);
      if (!v || v.deletedAt) return ['the cloud has no such volume'];
      return [
        ...differs('size', d.diskSize, v.sizeGb),
        ...differs('speed', d.diskSpeed, v.speed),
        ...differs('server', d.vmUuid, v.serverId),
        ...differs('boot', d.isRoot, v.boot),
      ];
    },
    async gone(id) {
      return (await volume(id))?.deletedAt ? [] : ['the cloud still has the volume'];
    },
    steps: [
      renaming(
        'PATCH /api/disks/:uuid',
        (d) => `/api/disks/${d.uuid}`,
        'diskName',
        (d) => (d.pendingOperation === null ? true : 'DISK_STATUS_ERROR'),
      ),
      {
        route: 'PATCH /api/disks/:uuid',
        what: 'grow',
        cloud: true,
        plan: (d) =>
          when(canResizeDisk(d, d.diskSize + 10), () => ({
            method: 'PATCH',
            url: `/api/disks/${d.uuid}`,
            body: { diskSize: d.diskSize + 10 },
          })),
        effect: (d, after) => differs('size', d.diskSize + 10, after?.diskSize),
      },
      {
        route: 'PATCH /api/disks/:uuid',
        what: 'change the volume type',
        cloud: true,
        plan: (d) =>
          when(canRetypeDisk(d), () => ({
            method: 'PATCH',
            url: `/api/disks/${d.uuid}`,
            body: { diskSpeed: d.diskSpeed === DiskSpeed.SSD ? DiskSpeed.HDD : DiskSpeed.SSD },
          })),
        effect: (d, after) => (after?.diskSpeed === d.diskSpeed ? ['the type did not change'] : []),
      },
      {
        route: 'POST /api/disks/:uuid/unlink',
        what: 'detach',
        cloud: true,
        async plan(d) {
          const rule = canDetachDisk(d, (await vmOf(d.vmUuid)) ?? null);
          return when(rule, () => ({ method: 'POST', url: `/api/disks/${d.uuid}/unlink` }));
        },
        effect: (_, after) => differs('VM', null, after?.vmUuid),
      },
      {
        route: 'POST /api/disks/:uuid/link',
        what: 'attach to a stopped VM with room',
        cloud: true,
        async plan(d) {
          const target = firstAllowed(
            await vms(),
            (v) => canAttachDisk(d, v, v.dataDiskCount),
            'VM_NOT_FOUND',
          );
          if ('skip' in target) return target;
          return { method: 'POST', url: `/api/disks/${d.uuid}/link`, body: { vmUuid: target.row.uuid } };
        },
        effect: (_, after) => (after?.vmUuid ? [] : ['not attached']),
      },
    ],
    remove: deletion('DELETE /api/disks/:uuid', (d) => `/api/disks/${d.uuid}`, {
      rule: canDeleteDisk,
      cloud: true,
    }),
  };

  /** The next /24 of the VPC, the address keeping its last number. */
  const nextSegment = (vni: Vni) => {
    const [a, b, c] = vni.cidrIpv4.split('.').map(Number) as [number, number, number];
    const last = vni.privateIpv4.split('.')[3];
    return { cidrIpv4: `${a}.${b}.${c + 1}.0/24`, privateIpv4: `${a}.${b}.${c + 1}.${last}` };
  };
  const vni: Kind<Vni> = {
    ...declared<Vni>(api, 'vnis', (n) => n.vniUuid),
    state: (n) => n.pendingOperation ?? 'idle',
    failed: () => false,
    async cloud(n) {
      if (!n.vmUuid) return [];
      const s = await server(n.vmUuid);
      return s ? differs('address', n.privateIpv4, s.privateIp) : ['the cloud has no server for it'];
    },
    gone: async () => [],
    steps: [
      {
        route: 'PATCH /api/vnis/:uuid',
        what: 'move to the next segment',
        cloud: true,
        async plan(n) {
          const owner = await vmOf(n.vmUuid);
          return when(canAdjustVni(n, owner ?? null), () => ({
            method: 'PATCH',
            url: `/api/vnis/${n.vniUuid}`,
            body: nextSegment(n),
          }));
        },
        effect: (n, after) => differs('segment', nextSegment(n).cidrIpv4, after?.cidrIpv4),
      },
    ],
  };

  const snapshot: Kind<Snapshot> = {
    ...declared<Snapshot>(api, 'snapshots', (s) => s.uuid),
    state: (s) => String(s.status),
    failed: (s) => s.statusReason !== null,
    async cloud(s) {
      const [held] = await t.db.select().from(simSnapshots).where(eq(simSnapshots.id, s.uuid));
      if (!held || held.deletedAt) return ['the cloud has no such snapshot'];
      return [
        ...(s.vmUuid ? differs('server', s.vmUuid, held.serverId) : []),
        ...differs('volumes', s.diskQty, held.volumes.length),
      ];
    },
    async gone(id) {
      const [held] = await t.db.select().from(simSnapshots).where(eq(simSnapshots.id, id));
      return held?.deletedAt ? [] : ['the cloud still keeps the snapshot'];
    },
    steps: [
      {
        route: 'POST /api/vms',
        what: 'a new VM from it',
        cloud: true,
        async plan(s) {
          const rule = canCreateVmFromSnapshot(s);
          if (rule !== true) return { skip: rule };
          const source = await vmOf(s.vmUuid);
          const vpcUuid = source?.vpcUuid ?? (await vms())[0]!.vpcUuid;
          const [root, ...data] = s.disks;
          return {
            method: 'POST',
            url: '/api/vms',
            body: {
              name: `from-${s.uuid.slice(0, 8)}`,
              templateUUID: s.templateUUID,
              cpuCore: s.cpuCore,
              ramSize: s.ramSize,
              rootDiskSize: root!.sizeGb,
              rootDiskSpeed: root!.speed,
              dataDisks: data.map((d) => ({ diskSize: d.sizeGb, diskSpeed: d.speed })),
              vpcUuid,
              snapshotUuid: s.uuid,
            },
          };
        },
        async effect(s) {
          const made = (await vms()).find((v) => v.name === `from-${s.uuid.slice(0, 8)}`);
          return differs('new VM', VmStatus.RUNNING, made?.status);
        },
      },
      {
        route: 'POST /api/snapshots/:uuid/restore',
        what: 'restore onto its stopped VM',
        cloud: true,
        async plan(s) {
          const owner = await vmOf(s.vmUuid);
          return when(canRestoreSnapshot(s, owner ?? null), () => ({
            method: 'POST',
            url: `/api/snapshots/${s.uuid}/restore`,
            body: confirmed(),
          }));
        },
        async effect(s) {
          const owner = await vmOf(s.vmUuid);
          return differs('its VM', [VmStatus.STOPPED, null], [owner?.status, owner?.pendingOperation]);
        },
      },
    ],
    remove: deletion('DELETE /api/snapshots/:uuid', (s) => `/api/snapshots/${s.uuid}`, {
      rule: canDeleteSnapshot,
      cloud: true,
    }),
  };

  const scheduler = createSnapshotScheduler({
    db: t.db,
    clock: t.clock,
    operations: t.app.operations,
    log: t.app.log,
  });
  /** The snapshots before a rule's run: those it took are the others. */
  let taken = new Set<string>();
  const rule: Kind<SnapshotRule> = {
    ...declared<SnapshotRule>(api, 'snapshot-rules', (r) => r.uuid),
    // The rule is the portal's schedule; the cloud sees the snapshots it takes (the run's step).
    ...portalOnly,
    steps: [
      {
        route: 'PATCH /api/snapshot-rules/:uuid',
        what: 'rename and keep fewer',
        cloud: false,
        plan: (r) => ({
          method: 'PATCH',
          url: `/api/snapshot-rules/${r.uuid}`,
          body: { policyName: renamed(r.policyName), retainedQuantity: 2 },
        }),
        effect: (_, after) => differs('retained', 2, after?.retainedQuantity),
      },
      {
        route: 'POST /api/snapshot-rules/:uuid/add-vms',
        what: 'protect one more VM',
        cloud: false,
        async plan(r) {
          const free = firstAllowed(
            (await vms()).filter((v) => !r.vmUuids.includes(v.uuid)),
            (v) => canBindVmToRule(v, r.uuid),
            'no VM left to protect',
          );
          if ('skip' in free) return free;
          return {
            method: 'POST',
            url: `/api/snapshot-rules/${r.uuid}/add-vms`,
            body: { vmUuids: [free.row.uuid] },
          };
        },
        effect: (r, after) => differs('VMs', r.vmUuids.length + 1, after?.vmUuids.length),
      },
      {
        route: 'the snapshot scheduler',
        what: 'run at its next time: take a snapshot of each VM, delete those beyond the retained',
        cloud: true,
        plan: (r) => ({
          run: async () => {
            taken = new Set((await snapshots()).map((s) => s.uuid));
            // Its time has come (the clock stays: a session would expire if it moved).
            await t.db
              .update(snapshotRules)
              .set({ nextRunAt: t.clock.now() })
              .where(eq(snapshotRules.id, r.uuid));
            await scheduler.runDue();
          },
        }),
        async effect(r, after) {
          const kept = (await snapshots()).filter((s) => s.policyUuid === r.uuid);
          return r.vmUuids.flatMap((vmUuid) => {
            const own = kept.filter((s) => s.vmUuid === vmUuid);
            return [
              ...(own.some((s) => !taken.has(s.uuid)) ? [] : [`no snapshot of ${vmUuid} from this run`]),
              ...(own.length > (after?.retainedQuantity ?? 0) ? [`${own.length} kept of ${vmUuid}`] : []),
            ];
          });
        },
      },
    ],
    remove: deletion('DELETE /api/snapshot-rules/:uuid', (r) => `/api/snapshot-rules/${r.uuid}`, {
      cloud: false,
      password: false,
    }),
  };

  return { vm, disk, vni, snapshot, rule };
}
