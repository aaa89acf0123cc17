import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RouteTargetType, VpcStatus, type Vpc, type VpcRouteTable } from '@portal/shared';
import { firewalls, simNetworkObjects, vmFirewalls } from '../src/db/schema/index.js';
import { buildSignedIn, ok, type Tenant, type TestApp } from './build.js';
import { settled } from './operations.js';
import { seedDemoFleet } from '../src/modules/compute/demo-fleet.js';
import { seedDemoFirewalls } from '../src/modules/network/firewall/demo-firewalls.js';
import { seedDemoVpcs } from '../src/modules/network/vpc/demo-vpcs.js';
import { seedDemoNetworkEstate } from '../src/modules/network/demo-network-estate.js';

let t: TestApp, tenant: Tenant, token: string;

beforeAll(async () => {
  ({ t, tenant, token } = await buildSignedIn());
  // The demo's networks as the server seeds them at start.
  await seedDemoFleet(t.db, tenant.client.id);
  await seedDemoFirewalls(t.db, tenant.client.id);
  await seedDemoVpcs(t.db, tenant.client.id);
  await seedDemoNetworkEstate(t.db, tenant.client.id);
});
afterAll(() => t.close());

const vpcNamed = async (name: string) => {
  const { records } = ok<{ records: Vpc[] }>(await t.request('GET', '/api/vpcs?limit=0', { token }));
  return records.find((v) => v.netName === name)!;
};
const routesOf = async (vpc: Vpc) =>
  ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token }));
const putRoutes = (vpc: Vpc, routes: unknown[]) =>
  t.request('PUT', `/api/vpcs/${vpc.netUuid}/routes`, { token, body: { routes } });

describe('the demo’s own networks in the simulated cloud', () => {
  it('routes the seeded default VPC to the internet and to the peered back office', async () => {
    const main = await vpcNamed('default');
    const backOffice = await vpcNamed('back-office');
    const before = await routesOf(main);
    ok(
      await putRoutes(main, [
        ...before.routes.map(({ destination, targetType, target }) => ({ destination, targetType, target })),
        { destination: '0.0.0.0/0', targetType: RouteTargetType.DEFAULT, target: '' },
      ]),
    );
    await settled(t);
    const after = await routesOf(main);
    // Programmed: no "peer network not found" from the cloud, no old table kept.
    expect(after).toMatchObject({ status: VpcStatus.AVAILABLE, pendingRoutes: null, statusReason: null });
    expect(after.routes.map((r) => [r.destination, r.targetType, r.target])).toEqual([
      ...before.routes.map((r) => [r.destination, r.targetType, r.target]),
      ['0.0.0.0/0', RouteTargetType.DEFAULT, 'default'],
    ]);
    expect(after.routes.find((r) => r.targetType === RouteTargetType.VPC)?.target).toBe(backOffice.netUuid);
  });

  it('routes a new VPC to a seeded one', async () => {
    const main = await vpcNamed('default');
    const made = ok<Vpc>(
      await t.request('POST', '/api/vpcs', {
        token,
        body: {
          netName: 'analytics',
          cidrIpv4: '10.77.0.0/16',
          bandwidthLimit: 100,
          routeLevel: 1,
          chargeMode: 1,
        },
      }),
    );
    await settled(t);
    ok(
      await putRoutes(made, [
        { destination: main.cidrIpv4, targetType: RouteTargetType.VPC, target: main.netUuid },
      ]),
    );
    await settled(t);
    const table = await routesOf(made);
    expect(table).toMatchObject({ status: VpcStatus.AVAILABLE, pendingRoutes: null, statusReason: null });
    expect(table.routes.map((r) => r.target)).toEqual(['local', main.netUuid]);
  });

  it('knows every seeded firewall with the servers it guards', async () => {
    const walls = await t.db.select().from(firewalls).where(eq(firewalls.clientId, tenant.client.id));
    expect(walls.length).toBeGreaterThan(1);
    for (const wall of walls) {
      const [known] = await t.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.id, wall.id));
      const guarded = await t.db
        .select({ vmId: vmFirewalls.vmId })
        .from(vmFirewalls)
        .where(eq(vmFirewalls.firewallId, wall.id));
      expect(known?.kind).toBe('firewall');
      expect([...known!.serverIds].sort()).toEqual(guarded.map((g) => g.vmId).sort());
    }
  });
});
