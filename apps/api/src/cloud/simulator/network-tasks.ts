import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ipv4Text } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { simNetworkObjects, simServers, type SimTaskRow } from '../../db/schema/index.js';
import type { CloudAction, RouteSpec, TaskResult } from '../driver.js';
import { freePublicAddress } from './addresses.js';

type Kind = (typeof simNetworkObjects.$inferSelect)['kind'];
type Outcome = TaskResult | { error: string };

export const NETWORK_ACTIONS = new Set<CloudAction>([
  'network.create',
  'network.update',
  'network.routes',
  'network.delete',
  'firewall.apply',
  'firewall.delete',
  'firewall.attach',
  'firewall.detach',
  'loadBalancer.apply',
  'loadBalancer.delete',
  'exchange.order',
  'exchange.delete',
  'cluster.create',
  'cluster.scale',
  'cluster.delete',
]);

/** The /56 the simulated cloud gives a VPC: from the documentation range, stable for an id. */
export function networkIpv6(networkId: string): string {
  const hex = networkId.replace(/-/g, '');
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 6)}00::/56`;
}

/**
 * The effect of a network task on the simulated cloud: each object keeps the last spec it was
 * given. Objects made before the portal asked the cloud for them (a customer's first network is
 * written with the account) are taken as they come: a change to one the cloud has not seen
 * creates it.
 */
export async function applyNetworkTask(
  tx: Db,
  t: SimTaskRow,
  at: Date,
  random: () => number,
): Promise<Outcome> {
  const input = t.input as Record<string, unknown>;
  const id = t.resourceId;
  const live = async (objectId: string) => {
    const [row] = await tx
      .select()
      .from(simNetworkObjects)
      .where(and(eq(simNetworkObjects.id, objectId), isNull(simNetworkObjects.deletedAt)));
    return row;
  };
  const put = async (kind: Kind, spec: Record<string, unknown>) => {
    await tx
      .insert(simNetworkObjects)
      .values({ id, kind, spec })
      .onConflictDoUpdate({ target: simNetworkObjects.id, set: { spec, deletedAt: null } });
  };
  const remove = async () => {
    await tx.update(simNetworkObjects).set({ deletedAt: at }).where(eq(simNetworkObjects.id, id));
    return {};
  };

  switch (t.action as CloudAction) {
    case 'network.create':
      await put('vpc', input);
      return { ipv6: networkIpv6(id) };
    case 'network.update': {
      const current = await live(id);
      await put('vpc', { ...current?.spec, ...input });
      return {};
    }
    case 'network.routes': {
      const routes = (input.routes as RouteSpec[] | undefined) ?? [];
      for (const route of routes) {
        if (route.targetType === 0 && !ipv4Text(route.target))
          return { error: 'next hop is not an IPv4 address' };
        if (route.targetType === 3 && !(await live(route.target))) return { error: 'peer network not found' };
      }
      const current = await live(id);
      await put('vpc', { ...current?.spec, routes });
      return {};
    }
    case 'network.delete': {
      const [dependent] = await tx
        .select({ id: simNetworkObjects.id })
        .from(simNetworkObjects)
        .where(
          and(
            isNull(simNetworkObjects.deletedAt),
            sql`${simNetworkObjects.spec}->>'networkId' = ${id}`,
            sql`${simNetworkObjects.kind} <> 'vpc'`,
          ),
        )
        .limit(1);
      if (dependent) return { error: 'network still has objects in it' };
      return remove();
    }
    case 'firewall.apply':
      await put('firewall', input);
      return {};
    case 'firewall.attach':
    case 'firewall.detach': {
      const serverId = String(input.serverId);
      const [server] = await tx
        .select({ id: simServers.id })
        .from(simServers)
        .where(and(eq(simServers.id, serverId), isNull(simServers.deletedAt)));
      if (!server && t.action === 'firewall.attach') return { error: 'server not found' };
      const current = (await live(id)) ?? { spec: {}, serverIds: [] as string[] };
      const others = current.serverIds.filter((s) => s !== serverId);
      const serverIds = t.action === 'firewall.attach' ? [...others, serverId] : others;
      await tx
        .insert(simNetworkObjects)
        .values({ id, kind: 'firewall', spec: current.spec, serverIds })
        .onConflictDoUpdate({ target: simNetworkObjects.id, set: { serverIds, deletedAt: null } });
      return {};
    }
    case 'firewall.delete': {
      const current = await live(id);
      // A deleted server no longer counts: its firewalls let go of it with it.
      const guarded =
        current && current.serverIds.length > 0
          ? await tx
              .select({ id: simServers.id })
              .from(simServers)
              .where(and(inArray(simServers.id, current.serverIds), isNull(simServers.deletedAt)))
              .limit(1)
          : [];
      if (guarded.length > 0) return { error: 'firewall still guards servers' };
      return remove();
    }
    case 'loadBalancer.apply': {
      const current = await live(id);
      let address = current?.spec.address as string | undefined;
      if (!address) {
        const taken = await tx
          .select({ ip: simServers.publicIp })
          .from(simServers)
          .where(and(isNull(simServers.deletedAt), isNotNull(simServers.publicIp)));
        const balancers = await tx
          .select({ address: sql<string>`${simNetworkObjects.spec}->>'address'` })
          .from(simNetworkObjects)
          .where(and(eq(simNetworkObjects.kind, 'loadBalancer'), isNull(simNetworkObjects.deletedAt)));
        const used = new Set([...taken.map((r) => r.ip!), ...balancers.map((r) => r.address)]);
        address = freePublicAddress(used, random) ?? undefined;
        if (!address) return { error: 'no public address left' };
      }
      // The key is the cloud's to keep; the simulator remembers only that it has one.
      const { keyPem, ...spec } = input;
      await put('loadBalancer', { ...spec, hasKey: typeof keyPem === 'string', address });
      return { address };
    }
    case 'exchange.order':
      await put('exchange', input);
      return { at: at.toISOString() };
    case 'cluster.create': {
      await put('cluster', input);
      return { address: `ccx-${id.slice(0, 8)}.ccx.internal` };
    }
    case 'cluster.scale': {
      const current = await live(id);
      if (!current) return { error: 'cluster not found' };
      await put('cluster', { ...current.spec, nodeCount: Number(input.nodeCount) });
      return {};
    }
    case 'loadBalancer.delete':
    case 'exchange.delete':
    case 'cluster.delete':
      return remove();
    default:
      return { error: `not a network action: ${t.action}` };
  }
}
