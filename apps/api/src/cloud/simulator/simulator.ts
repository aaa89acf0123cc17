import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database.js';
import {
  simFaults,
  simServers,
  simSnapshots,
  simTasks,
  simVolumes,
  type SimTaskRow,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { CloudAction, CloudDriver, OperationRef, ServerSpec, TaskResult, TaskState } from '../driver.js';
import { freeHostAddress, freePublicAddress, hostIpv6 } from './addresses.js';
import { durationOf } from './durations.js';
import { readSimulatedMetrics } from './metrics.js';
import { applyNetworkTask, NETWORK_ACTIONS } from './network-tasks.js';
import { openSimulatedConsole } from './open-console.js';
import { DEMO_LOGIN } from './serial-console.js';
import { readSimulatedStates } from './server-states.js';

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  /** Multiplies every duration: 1 realistic, 0 instant (SIMULATOR_TIME_SCALE). */
  timeScale: number;
  /** Share of requests that fail by themselves, 0 to 1 (SIMULATOR_FAILURE_RATE). */
  failureRate?: number;
  random?: () => number;
}

const HOSTS = ['hv-tpe-01', 'hv-tpe-02', 'hv-tpe-03', 'hv-tch-01', 'hv-tch-02', 'hv-khh-01'];

/**
 * A cloud that lives in the database: requests become tasks that finish after a realistic time
 * and may fail (by chance, or because someone asked with `injectFault`). A task's effect on the
 * simulated servers and volumes is applied exactly once, by whichever poll first finds it due.
 */
export function createSimulator(options: SimulatorOptions): CloudDriver & {
  injectFault(action: CloudAction, count: number, error: string): Promise<void>;
} {
  const { db, clock, timeScale } = options;
  const random = options.random ?? Math.random;
  const failureRate = options.failureRate ?? 0;

  async function submit(op: OperationRef, action: CloudAction, resourceId: string, input: object) {
    await db.transaction(async (tx) => {
      const now = clock.now();
      const inserted = await tx
        .insert(simTasks)
        .values({
          operationId: op.operationId,
          action,
          resourceId,
          input: { ...input, clientId: op.clientId },
          submittedAt: now,
          completesAt: new Date(now.getTime() + durationOf(action, timeScale, random)),
        })
        .onConflictDoNothing()
        .returning({ id: simTasks.operationId });
      // A repeated request (a retry after a crash) is the same task: nothing more to decide.
      if (inserted.length === 0) return;
      const error = (await takeFault(tx, action)) ?? (random() < failureRate ? 'simulated failure' : null);
      if (error) {
        await tx.update(simTasks).set({ fails: true, error }).where(eq(simTasks.operationId, op.operationId));
      }
    });
  }

  async function takeFault(tx: Db, action: CloudAction): Promise<string | null> {
    const rows = await tx.execute<{ error: string }>(sql`
      update ${simFaults} set remaining = remaining - 1
      where id = (select id from ${simFaults} where action = ${action} and remaining > 0
                  order by id limit 1 for update skip locked)
      returning error`);
    return rowsOf<{ error: string }>(rows)[0]?.error ?? null;
  }

  async function task(operationId: string): Promise<TaskState> {
    const [row] = await db.select().from(simTasks).where(eq(simTasks.operationId, operationId));
    if (!row) return { state: 'unknown' };
    if (clock.now() < row.completesAt) return { state: 'pending', completesAt: row.completesAt };
    if (row.fails) return { state: 'failed', error: row.error ?? 'failed' };
    if (row.appliedAt) return { state: 'done', result: row.result ?? {} };
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(simTasks)
        .set({ appliedAt: clock.now() })
        .where(and(eq(simTasks.operationId, operationId), isNull(simTasks.appliedAt)))
        .returning();
      if (!claimed) {
        const [done] = await tx.select().from(simTasks).where(eq(simTasks.operationId, operationId));
        return { state: 'done', result: done?.result ?? {} } as const;
      }
      const outcome = await apply(tx, claimed);
      if ('error' in outcome) {
        await tx
          .update(simTasks)
          .set({ fails: true, error: outcome.error })
          .where(eq(simTasks.operationId, operationId));
        return { state: 'failed', error: outcome.error } as const;
      }
      await tx
        .update(simTasks)
        .set({ result: outcome as Record<string, unknown> })
        .where(eq(simTasks.operationId, operationId));
      return { state: 'done', result: outcome } as const;
    });
  }

  /** The task's effect on the cloud's state; a refusal the real cloud would give is an error. */
  async function apply(tx: Db, t: SimTaskRow): Promise<TaskResult | { error: string }> {
    const input = t.input as Record<string, unknown>;
    const at = clock.now();
    if (NETWORK_ACTIONS.has(t.action as CloudAction)) return applyNetworkTask(tx, t, at, random);
    const server = async () => {
      const [s] = await tx
        .select()
        .from(simServers)
        .where(and(eq(simServers.id, t.resourceId), isNull(simServers.deletedAt)));
      return s;
    };
    const snapshot = async (id: string) => {
      const [found] = await tx
        .select()
        .from(simSnapshots)
        .where(and(eq(simSnapshots.id, id), isNull(simSnapshots.deletedAt)));
      return found;
    };
    const setServer = (values: Partial<typeof simServers.$inferInsert>) =>
      tx.update(simServers).set(values).where(eq(simServers.id, t.resourceId));

    switch (t.action as CloudAction) {
      case 'server.create': {
        const spec = input as unknown as ServerSpec & { clientId: string };
        const network = `${spec.clientId}:${spec.cidrIpv4}`;
        const used = await tx
          .select({ ip: simServers.privateIp, publicIp: simServers.publicIp, network: simServers.network })
          .from(simServers)
          .where(isNull(simServers.deletedAt));
        const privateIp = freeHostAddress(
          spec.cidrIpv4,
          new Set(used.filter((u) => u.network === network).map((u) => u.ip)),
        );
        if (!privateIp) return { error: 'no free address in the segment' };
        if (spec.fromSnapshotId && !(await snapshot(spec.fromSnapshotId)))
          return { error: 'snapshot not found' };
        const publicIp = spec.publicIp
          ? freePublicAddress(new Set(used.map((u) => u.publicIp).filter((a): a is string => !!a)), random)
          : null;
        const host = spec.host || HOSTS[Math.floor(random() * HOSTS.length)]!;
        const ipv6 = hostIpv6(spec.cidrIpv6, spec.serverId);
        await tx.insert(simServers).values({
          id: spec.serverId,
          power: 'on',
          hostname: spec.name ?? null,
          cpu: spec.cpu,
          ramGb: spec.ramGb,
          host,
          privateIp,
          publicIp,
          ipv6,
          network,
          bootedAt: at,
        });
        await tx.insert(simVolumes).values(
          [spec.rootVolume, ...spec.dataVolumes].map((v) => ({
            id: v.volumeId,
            sizeGb: v.sizeGb,
            speed: v.speed,
            serverId: spec.serverId,
            boot: v === spec.rootVolume,
          })),
        );
        return { privateIp, publicIp, ipv6, host, at: at.toISOString() };
      }
      case 'server.start': {
        const s = await server();
        if (!s) return { error: 'server not found' };
        await setServer({ power: 'on', bootedAt: at });
        return { at: at.toISOString() };
      }
      case 'server.stop':
      case 'server.forceStop': {
        if (!(await server())) return { error: 'server not found' };
        await setServer({ power: 'off' });
        return { at: at.toISOString() };
      }
      case 'server.reboot': {
        const s = await server();
        if (!s || s.power !== 'on') return { error: 'server is not running' };
        await setServer({ bootedAt: at });
        return { at: at.toISOString() };
      }
      case 'server.resize': {
        const s = await server();
        if (!s) return { error: 'server not found' };
        if (s.power !== 'off') return { error: 'server must be stopped to resize' };
        await setServer({ cpu: Number(input.cpu), ramGb: Number(input.ramGb) });
        return {};
      }
      case 'server.delete': {
        await setServer({ power: 'off', deletedAt: at });
        const volumeIds = (input.volumeIds as string[] | undefined) ?? [];
        if (volumeIds.length > 0) {
          await tx.update(simVolumes).set({ deletedAt: at }).where(inArray(simVolumes.id, volumeIds));
        }
        await tx
          .update(simVolumes)
          .set({ serverId: null })
          .where(and(eq(simVolumes.serverId, t.resourceId), isNull(simVolumes.deletedAt)));
        return { at: at.toISOString() };
      }
      case 'volume.create': {
        await tx.insert(simVolumes).values({
          id: t.resourceId,
          sizeGb: Number(input.sizeGb),
          speed: Number(input.speed),
          serverId: (input.serverId as string | undefined) ?? null,
        });
        return {};
      }
      case 'volume.attach':
      case 'volume.detach': {
        const attach = t.action === 'volume.attach';
        const updated = await tx
          .update(simVolumes)
          .set({ serverId: attach ? String(input.serverId) : null })
          .where(and(eq(simVolumes.id, t.resourceId), isNull(simVolumes.deletedAt)))
          .returning();
        return updated.length > 0 ? {} : { error: 'volume not found' };
      }
      case 'volume.resize':
      case 'volume.retype': {
        const values =
          t.action === 'volume.resize' ? { sizeGb: Number(input.sizeGb) } : { speed: Number(input.speed) };
        const updated = await tx
          .update(simVolumes)
          .set(values)
          .where(and(eq(simVolumes.id, t.resourceId), isNull(simVolumes.deletedAt)))
          .returning();
        return updated.length > 0 ? {} : { error: 'volume not found' };
      }
      case 'volume.delete': {
        await tx.update(simVolumes).set({ deletedAt: at }).where(eq(simVolumes.id, t.resourceId));
        return {};
      }
      case 'snapshot.create': {
        const serverId = String(input.serverId);
        const [s] = await tx
          .select({ id: simServers.id })
          .from(simServers)
          .where(and(eq(simServers.id, serverId), isNull(simServers.deletedAt)));
        if (!s) return { error: 'server not found' };
        const volumeIds = (input.volumeIds as string[] | undefined) ?? [];
        const volumes =
          volumeIds.length === 0
            ? []
            : await tx
                .select({ volumeId: simVolumes.id, sizeGb: simVolumes.sizeGb })
                .from(simVolumes)
                .where(and(inArray(simVolumes.id, volumeIds), isNull(simVolumes.deletedAt)));
        if (volumes.length !== volumeIds.length) return { error: 'volume not found' };
        await tx.insert(simSnapshots).values({ id: t.resourceId, serverId, volumes, takenAt: at });
        return { at: at.toISOString() };
      }
      case 'snapshot.restore': {
        if (!(await snapshot(t.resourceId))) return { error: 'snapshot not found' };
        const [s] = await tx
          .select()
          .from(simServers)
          .where(and(eq(simServers.id, String(input.serverId)), isNull(simServers.deletedAt)));
        if (!s) return { error: 'server not found' };
        if (s.power !== 'off') return { error: 'server must be stopped to restore' };
        return { at: at.toISOString() };
      }
      case 'snapshot.delete': {
        await tx.update(simSnapshots).set({ deletedAt: at }).where(eq(simSnapshots.id, t.resourceId));
        return {};
      }
      case 'interface.update': {
        if (typeof input.serverId === 'string') {
          await tx
            .update(simServers)
            .set({ privateIp: String(input.privateIpv4) })
            .where(eq(simServers.id, input.serverId));
        }
        return { privateIp: String(input.privateIpv4) };
      }
      default:
        return { error: `unknown action: ${t.action}` };
    }
  }

  const op =
    (action: CloudAction) =>
    (ref: OperationRef, resourceId: string, input: object = {}) =>
      submit(ref, action, resourceId, input);

  return {
    createServer: (ref, spec) => submit(ref, 'server.create', spec.serverId, spec),
    startServer: (ref, id) => op('server.start')(ref, id),
    stopServer: (ref, id) => op('server.stop')(ref, id),
    forceStopServer: (ref, id) => op('server.forceStop')(ref, id),
    rebootServer: (ref, id) => op('server.reboot')(ref, id),
    resizeServer: (ref, id, size) => op('server.resize')(ref, id, size),
    deleteServer: (ref, id, volumeIds) => op('server.delete')(ref, id, { volumeIds }),
    createVolume: (ref, spec) => op('volume.create')(ref, spec.volumeId, spec),
    attachVolume: (ref, volumeId, serverId) => op('volume.attach')(ref, volumeId, { serverId }),
    detachVolume: (ref, volumeId, serverId) => op('volume.detach')(ref, volumeId, { serverId }),
    resizeVolume: (ref, volumeId, sizeGb) => op('volume.resize')(ref, volumeId, { sizeGb }),
    retypeVolume: (ref, volumeId, speed) => op('volume.retype')(ref, volumeId, { speed }),
    deleteVolume: (ref, volumeId) => op('volume.delete')(ref, volumeId),
    updateInterface: (ref, serverId, change) =>
      op('interface.update')(ref, serverId ?? ref.operationId, { ...change, serverId }),
    createSnapshot: (ref, snapshotId, serverId, volumeIds) =>
      op('snapshot.create')(ref, snapshotId, { serverId, volumeIds }),
    restoreSnapshot: (ref, snapshotId, serverId) => op('snapshot.restore')(ref, snapshotId, { serverId }),
    deleteSnapshot: (ref, snapshotId) => op('snapshot.delete')(ref, snapshotId),
    createNetwork: (ref, spec) => op('network.create')(ref, spec.networkId, spec),
    updateNetwork: (ref, spec) => op('network.update')(ref, spec.networkId, spec),
    setRoutes: (ref, networkId, routes) => op('network.routes')(ref, networkId, { routes }),
    deleteNetwork: (ref, networkId) => op('network.delete')(ref, networkId),
    applyFirewall: (ref, spec) => op('firewall.apply')(ref, spec.firewallId, spec),
    deleteFirewall: (ref, firewallId) => op('firewall.delete')(ref, firewallId),
    attachFirewall: (ref, firewallId, serverId) => op('firewall.attach')(ref, firewallId, { serverId }),
    detachFirewall: (ref, firewallId, serverId) => op('firewall.detach')(ref, firewallId, { serverId }),
    // A cloud keeps the key in its own vault; the simulator's task table is the portal's database,
    // so the task records only that a key came (network-tasks.ts keeps no more either).
    applyLoadBalancer: (ref, { keyPem, ...spec }) =>
      op('loadBalancer.apply')(ref, spec.loadBalancerId, {
        ...spec,
        ...(keyPem === undefined ? {} : { keyPem: '[held by the cloud]' }),
      }),
    deleteLoadBalancer: (ref, id) => op('loadBalancer.delete')(ref, id),
    orderExchange: (ref, spec) => op('exchange.order')(ref, spec.exchangeId, spec),
    deleteExchange: (ref, id) => op('exchange.delete')(ref, id),
    createCluster: (ref, spec) => op('cluster.create')(ref, spec.clusterId, spec),
    scaleCluster: (ref, id, nodeCount) => op('cluster.scale')(ref, id, { nodeCount }),
    deleteCluster: (ref, id) => op('cluster.delete')(ref, id),
    task,
    openConsole: (serverId) => openSimulatedConsole(db, clock, serverId),
    consoleDemoLogin: DEMO_LOGIN,
    readMetrics: (serverIds) => readSimulatedMetrics(db, clock.now(), serverIds),
    serverStates: (serverIds) => readSimulatedStates(db, serverIds),
    injectFault: async (action, count, error) => {
      await db.insert(simFaults).values({ action, remaining: count, error });
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
