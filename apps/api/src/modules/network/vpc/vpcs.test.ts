import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  RouteTargetType,
  VpcStatus,
  type Vpc,
  type VpcMap,
  type VpcRouteTable,
  type Vm,
} from '@portal/shared';
import {
  auditLog,
  firewalls,
  loadBalancers,
  loadBalancerTargets,
  vmFirewalls,
} from '../../../db/schema/index.js';
import {
  body,
  build,
  ok,
  type Response,
  type Tenant,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../test/build.js';
import { standingVpc } from '../../../../test/standing-vpc.js';
import { holdCloud, settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';

/** A tenant's VPC as the account is made with (available at once), written directly. */
const createDefaultNetwork = async (_db: unknown, clientId: string, cidrIpv4 = '10.0.0.0/16') => ({
  vpc: await standingVpc(t.db, clientId, { cidrIpv4 }),
});

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp;
let tenant: Tenant;
let token: string;
let cidrs = 0;

beforeAll(async () => {
  t = await build();
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  await createDefaultNetwork(t.db, tenant.client.id);
});
afterAll(() => t.close());

const refused = (response: Response) => {
  expect(response.statusCode, response.body).toBe(400);
  return body(response);
};
/** A fresh /16 no other test of this file uses. */
const nextCidr = () => `10.${100 + ++cidrs}.0.0/16`;
const newVpc = (over: Record<string, unknown> = {}) => ({
  netName: 'web-tier',
  cidrIpv4: nextCidr(),
  bandwidthLimit: 200,
  routeLevel: 1,
  chargeMode: 2,
  ...over,
});
const get = async (uuid: string, as = token) =>
  ok<Vpc>(await t.request('GET', `/api/vpcs/${uuid}`, { token: as }));
async function availableVpc(over: Record<string, unknown> = {}, as = token): Promise<Vpc> {
  const vpc = ok<Vpc>(await t.request('POST', '/api/vpcs', { token: as, body: newVpc(over) }));
  await settled(t);
  return get(vpc.netUuid, as);
}
/** A small Ubuntu VM in the VPC (`over`: its name, its firewalls). */
const createVm = (vpcUuid: string, over: Record<string, unknown>) =>
  t.request('POST', '/api/vms', {
    token,
    body: { templateUUID: UBUNTU, cpuCore: 2, ramSize: 4, rootDiskSize: 60, vpcUuid, ...over },
  });
const putRoutes = (uuid: string, routes: unknown[], as = token) =>
  t.request('PUT', `/api/vpcs/${uuid}/routes`, { token: as, body: { routes } });

describe('creating a VPC', () => {
  it('answers processing with IPv6 pending, and is available with the IPv6 the cloud gave', async () => {
    const cidrIpv4 = nextCidr();
    const made = ok<Vpc>(await t.request('POST', '/api/vpcs', { token, body: newVpc({ cidrIpv4 }) }));
    expect(made).toMatchObject({
      netName: 'web-tier',
      status: VpcStatus.PROCESSING,
      pendingOperation: 'create',
      cidrIpv4,
      cidrIpv6: '-1',
      bandwidthLimit: 200,
      routeLevel: 1,
      chargeMode: 2,
      vmNum: 0,
    });
    await settled(t);
    const vpc = await get(made.netUuid);
    expect(vpc.status).toBe(VpcStatus.AVAILABLE);
    expect(vpc.pendingOperation).toBeNull();
    expect(vpc.cidrIpv6).toMatch(/^2001:db8:[0-9a-f]{4}:[0-9a-f]{2}00::\/56$/);
    const table = ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token }));
    expect(table.routes).toEqual([
      { destination: cidrIpv4, targetType: RouteTargetType.LOCAL, target: 'local', targetName: null },
    ]);
    const listed = ok<{ records: Vpc[] }>(await t.request('GET', '/api/vpcs?limit=0', { token }));
    expect(listed.records.map((v) => v.netUuid)).toContain(vpc.netUuid);
  });

  it('takes new VMs once the cloud has made it, in its first /24', async () => {
    const release = holdCloud(t);
    const made = ok<Vpc>(await t.request('POST', '/api/vpcs', { token, body: newVpc() }));
    const vmIn = () =>
      t.request('POST', '/api/vms', {
        token,
        body: {
          name: 'early',
          templateUUID: UBUNTU,
          cpuCore: 2,
          ramSize: 4,
          rootDiskSize: 60,
          vpcUuid: made.netUuid,
        },
      });
    expect(refused(await vmIn()).msg).toBe('VPC_STATUS_ERROR');
    release();
    await settled(t);
    const vm = ok<Vm>(await vmIn());
    await settled(t);
    const map = ok<VpcMap>(await t.request('GET', `/api/vpcs/${made.netUuid}/map`, { token }));
    expect(map.subnets.map((s) => s.cidrIpv4)).toEqual([made.cidrIpv4.replace('.0.0/16', '.0.0/24')]);
    expect(map.subnets[0]!.vms.map((v) => v.uuid)).toEqual([vm.uuid]);
    ok(await t.request('DELETE', `/api/vms/${vm.uuid}`, { token, body: { currentPassword: TEST_PASSWORD } }));
    await settled(t);
  });

  it('refuses a range that is the same as, or overlaps, another of the tenant’s (VPC_ALREADY_EXISTS)', async () => {
    const vpc = await availableVpc();
    const same = refused(
      await t.request('POST', '/api/vpcs', { token, body: newVpc({ cidrIpv4: vpc.cidrIpv4 }) }),
    );
    expect(same).toEqual({
      msg: 'VPC_ALREADY_EXISTS',
      errors: [{ path: 'cidrIpv4', message: 'validation.vpcCidrOverlap' }],
    });
    const inside = vpc.cidrIpv4.replace('.0.0/16', '.5.0/24');
    expect(
      refused(await t.request('POST', '/api/vpcs', { token, body: newVpc({ cidrIpv4: inside }) })).msg,
    ).toBe('VPC_ALREADY_EXISTS');
    // The default VPC's 10.0.0.0/16 lies inside 10.0.0.0/8.
    expect(
      refused(await t.request('POST', '/api/vpcs', { token, body: newVpc({ cidrIpv4: '10.0.0.0/8' }) })).msg,
    ).toBe('VPC_ALREADY_EXISTS');
    // Another tenant may use the same range.
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    expect((await availableVpc({ cidrIpv4: vpc.cidrIpv4 }, theirs)).status).toBe(VpcStatus.AVAILABLE);
  });

  it('refuses an invalid range and a bandwidth outside 1-500, field by field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cidrIpv4: '10.300.0.0/16' }, 'cidrIpv4', 'validation.needBeFormat.IPv4Range'],
      [{ cidrIpv4: '10.1.0.0' }, 'cidrIpv4', 'validation.needBeFormat.IPv4Range'],
      [{ cidrIpv4: '10.1.2.3/16' }, 'cidrIpv4', 'validation.vpcCidr'],
      [{ cidrIpv4: '8.8.0.0/16' }, 'cidrIpv4', 'validation.vpcCidr'],
      [{ cidrIpv4: '10.1.0.0/30' }, 'cidrIpv4', 'validation.vpcCidr'],
      [{ cidrIpv4: '' }, 'cidrIpv4', 'validation.notEmpty'],
      [{ bandwidthLimit: 0 }, 'bandwidthLimit', 'validation.needBeIntegerInRange'],
      [{ bandwidthLimit: 501 }, 'bandwidthLimit', 'validation.needBeIntegerInRange'],
      [{ bandwidthLimit: 1.5 }, 'bandwidthLimit', 'validation.needBeIntegerInRange'],
      [{ routeLevel: 3 }, 'routeLevel', 'validation.needBeOneOf'],
      [{ chargeMode: 4 }, 'chargeMode', 'validation.needBeOneOf'],
      [{ netName: '' }, 'netName', 'validation.notEmpty'],
    ];
    for (const [over, path, message] of cases) {
      const answer = refused(await t.request('POST', '/api/vpcs', { token, body: newVpc(over) }));
      expect(answer.msg).toBe(message === 'validation.notEmpty' ? 'FIELD_MUST_FILL_IN' : 'FORMAT_ERROR');
      expect(answer.errors, JSON.stringify(over)).toContainEqual({ path, message });
    }
    for (const bandwidthLimit of [1, 500]) {
      expect((await availableVpc({ bandwidthLimit })).bandwidthLimit).toBe(bandwidthLimit);
    }
  });

  it('keeps a VPC the cloud could not make, with the reason, and lets it be deleted', async () => {
    await (t.app.cloud as Simulator).injectFault('network.create', 1, 'no VLAN left');
    const made = ok<Vpc>(await t.request('POST', '/api/vpcs', { token, body: newVpc() }));
    await settled(t);
    const failed = await get(made.netUuid);
    expect(failed).toMatchObject({
      status: VpcStatus.PROCESSING,
      pendingOperation: null,
      statusReason: 'CLOUD_NO_CAPACITY',
    });
    expect(
      refused(await t.request('PATCH', `/api/vpcs/${made.netUuid}`, { token, body: { bandwidthLimit: 5 } }))
        .msg,
    ).toBe('VPC_STATUS_ERROR');
    ok(
      await t.request('DELETE', `/api/vpcs/${made.netUuid}`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    await settled(t);
    expect((await t.request('GET', `/api/vpcs/${made.netUuid}`, { token })).statusCode).toBe(404);
  });
});

describe('changing a VPC', () => {
  it('renames at once and programs bandwidth, route level and charge mode through the cloud', async () => {
    const vpc = await availableVpc();
    const release = holdCloud(t);
    const changing = ok<Vpc>(
      await t.request('PATCH', `/api/vpcs/${vpc.netUuid}`, {
        token,
        body: {
          netName: 'db-tier',
          bandwidthLimit: 350,
          routeLevel: 2,
          chargeMode: 3,
          cidrIpv4: '10.250.0.0/16',
        },
      }),
    );
    expect(changing).toMatchObject({
      netName: 'db-tier',
      status: VpcStatus.PROCESSING,
      pendingOperation: 'update',
      bandwidthLimit: vpc.bandwidthLimit,
      cidrIpv4: vpc.cidrIpv4,
    });
    // Busy: no other change meanwhile.
    expect(
      refused(await t.request('PATCH', `/api/vpcs/${vpc.netUuid}`, { token, body: { chargeMode: 1 } })).msg,
    ).toBe('VPC_STATUS_ERROR');
    expect(refused(await putRoutes(vpc.netUuid, [])).msg).toBe('VPC_STATUS_ERROR');
    release();
    await settled(t);
    expect(await get(vpc.netUuid)).toMatchObject({
      netName: 'db-tier',
      status: VpcStatus.AVAILABLE,
      pendingOperation: null,
      bandwidthLimit: 350,
      routeLevel: 2,
      chargeMode: 3,
      cidrIpv4: vpc.cidrIpv4,
    });
    const bad = refused(
      await t.request('PATCH', `/api/vpcs/${vpc.netUuid}`, { token, body: { bandwidthLimit: 501 } }),
    );
    expect(bad.errors).toContainEqual({ path: 'bandwidthLimit', message: 'validation.needBeIntegerInRange' });
  });

  it('keeps the old values and says why when the cloud refuses a change', async () => {
    const vpc = await availableVpc();
    await (t.app.cloud as Simulator).injectFault('network.update', 1, 'bandwidth pool exhausted');
    ok(await t.request('PATCH', `/api/vpcs/${vpc.netUuid}`, { token, body: { bandwidthLimit: 480 } }));
    await settled(t);
    expect(await get(vpc.netUuid)).toMatchObject({
      status: VpcStatus.AVAILABLE,
      bandwidthLimit: vpc.bandwidthLimit,
      statusReason: 'CLOUD_NO_CAPACITY',
    });
  });
});

describe('deleting a VPC', () => {
  it('is refused while a VM or a firewall stands in it, and with a wrong password', async () => {
    const vpc = await availableVpc();
    const vm = ok<Vm>(await createVm(vpc.netUuid, { name: 'in-vpc' }));
    await settled(t);
    expect((await get(vpc.netUuid)).vmNum).toBe(1);
    const del = (currentPassword = TEST_PASSWORD) =>
      t.request('DELETE', `/api/vpcs/${vpc.netUuid}`, { token, body: { currentPassword } });
    expect(refused(await del()).msg).toBe('VPC_ALREADY_HAS_A_VM_ATTACHED');
    ok(await t.request('DELETE', `/api/vms/${vm.uuid}`, { token, body: { currentPassword: TEST_PASSWORD } }));
    await settled(t);
    await t.db
      .insert(firewalls)
      .values({ clientId: tenant.client.id, vpcId: vpc.netUuid, name: 'edge', status: 7 });
    expect(refused(await del()).msg).toBe('VPC_HAS_FIREWALLS');
    await t.db.delete(firewalls).where(eq(firewalls.vpcId, vpc.netUuid));
    expect(refused(await del('Wrong-Passw0rd-2026!')).msg).toBe('INCORRECT_PASSWORD');
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vpc.delete'), eq(auditLog.targetId, vpc.netUuid)));
    expect(record).toMatchObject({ outcome: 'failure' });
    // The create is named by the new VPC's id too (its entity calls it netUuid).
    const [created] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vpc.create'), eq(auditLog.targetId, vpc.netUuid)));
    expect(created).toMatchObject({ targetType: 'vpc', outcome: 'success' });
  });

  it('deletes an empty VPC: deleting (6), then gone when the cloud confirms', async () => {
    const vpc = await availableVpc();
    const peer = await availableVpc();
    ok(
      await putRoutes(peer.netUuid, [
        { destination: vpc.cidrIpv4, targetType: RouteTargetType.VPC, target: vpc.netUuid },
      ]),
    );
    await settled(t);
    const deleting = ok<Vpc>(
      await t.request('DELETE', `/api/vpcs/${vpc.netUuid}`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    expect(deleting).toMatchObject({ status: VpcStatus.DELETING, pendingOperation: 'delete' });
    await settled(t);
    expect((await t.request('GET', `/api/vpcs/${vpc.netUuid}`, { token })).statusCode).toBe(404);
    // The peer's route to it went with it.
    const table = ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${peer.netUuid}/routes`, { token }));
    expect(table.routes.map((r) => r.targetType)).toEqual([RouteTargetType.LOCAL]);
    const records = await t.db
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vpc.delete'), eq(auditLog.targetId, vpc.netUuid)));
    expect(records).toEqual([{ outcome: 'success' }]);
  });
});

describe('the route table', () => {
  it('replaces the table in order once the cloud has programmed it, keeping the local route first', async () => {
    const vpc = await availableVpc();
    const peer = await availableVpc({ netName: 'peer' });
    const hop = vpc.cidrIpv4.replace('.0.0/16', '.0.10');
    const release = holdCloud(t);
    const pending = ok<VpcRouteTable>(
      await putRoutes(vpc.netUuid, [
        { destination: vpc.cidrIpv4, targetType: RouteTargetType.LOCAL, target: 'local' },
        { destination: '0.0.0.0/0', targetType: RouteTargetType.DEFAULT, target: '' },
        { destination: '192.168.50.0/24', targetType: RouteTargetType.MANUAL, target: hop },
        { destination: peer.cidrIpv4, targetType: RouteTargetType.VPC, target: peer.netUuid.toUpperCase() },
      ]),
    );
    expect(pending).toMatchObject({ status: VpcStatus.PROCESSING, pendingOperation: 'routes' });
    expect(pending.routes).toHaveLength(1);
    expect(pending.pendingRoutes).toHaveLength(4);
    release();
    await settled(t);
    const table = ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token }));
    expect(table).toMatchObject({ status: VpcStatus.AVAILABLE, pendingOperation: null, pendingRoutes: null });
    expect(table.routes).toEqual([
      { destination: vpc.cidrIpv4, targetType: 1, target: 'local', targetName: null },
      { destination: '0.0.0.0/0', targetType: 2, target: 'default', targetName: null },
      { destination: '192.168.50.0/24', targetType: 0, target: hop, targetName: null },
      { destination: peer.cidrIpv4, targetType: 3, target: peer.netUuid, targetName: 'peer' },
    ]);
    // Left out, the local route stays; the others go.
    ok(await putRoutes(vpc.netUuid, []));
    await settled(t);
    const emptied = ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token }));
    expect(emptied.routes.map((r) => r.targetType)).toEqual([RouteTargetType.LOCAL]);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vpc.routes'), eq(auditLog.targetId, vpc.netUuid)));
    expect(record).toMatchObject({ outcome: 'success' });
  });

  it('refuses a manual next hop that is not IPv4, and other bad routes, field by field', async () => {
    const vpc = await availableVpc();
    const manual = refused(
      await putRoutes(vpc.netUuid, [
        { destination: '0.0.0.0/0', targetType: RouteTargetType.DEFAULT, target: '' },
        { destination: '192.168.1.0/24', targetType: RouteTargetType.MANUAL, target: 'gateway.local' },
      ]),
    );
    expect(manual).toEqual({
      msg: 'MANUAL_METHOD_REQUIRES_THE_USE_OF_THE_IPv4_FORMAT',
      errors: [{ path: 'routes.1.target', message: 'validation.needBeFormat.IPv4' }],
    });
    const cases: [unknown, string, string][] = [
      [
        { destination: '192.168.1.0/24', targetType: 0, target: '172.16.0.1' },
        'routes.0.target',
        'validation.routeNextHop',
      ],
      [
        { destination: '192.168.1/33', targetType: 2, target: '' },
        'routes.0.destination',
        'validation.needBeFormat.IPv4Range',
      ],
      [
        { destination: vpc.cidrIpv4, targetType: 2, target: '' },
        'routes.0.destination',
        'validation.routeDuplicate',
      ],
      [
        { destination: '10.9.0.0/16', targetType: 1, target: 'local' },
        'routes.0.targetType',
        'validation.routeLocal',
      ],
      [
        { destination: '10.9.0.0/16', targetType: 3, target: vpc.netUuid },
        'routes.0.target',
        'validation.routeTargetVpc',
      ],
    ];
    for (const [route, path, message] of cases) {
      const answer = refused(await putRoutes(vpc.netUuid, [route]));
      expect(answer.errors, JSON.stringify(route)).toEqual([{ path, message }]);
    }
    const twice = refused(
      await putRoutes(vpc.netUuid, [
        { destination: '0.0.0.0/0', targetType: 2, target: '' },
        { destination: '0.0.0.0/0', targetType: 2, target: '' },
      ]),
    );
    expect(twice.errors).toEqual([{ path: 'routes.1.destination', message: 'validation.routeDuplicate' }]);
    expect((await get(vpc.netUuid)).pendingOperation).toBeNull();
  });

  it('refuses a VPC target of another tenant as unknown (VPC_NOT_FOUND)', async () => {
    const vpc = await availableVpc();
    const stranger = await t.createTenant();
    const theirs = await createDefaultNetwork(t.db, stranger.client.id, '10.200.0.0/16');
    const answer = refused(
      await putRoutes(vpc.netUuid, [{ destination: '10.200.0.0/16', targetType: 3, target: theirs.vpc.id }]),
    );
    expect(answer).toEqual({
      msg: 'VPC_NOT_FOUND',
      errors: [{ path: 'routes.0.target', message: 'validation.routeTargetVpc' }],
    });
  });

  it('keeps the old table and says why when the cloud refuses the new one', async () => {
    const vpc = await availableVpc();
    await (t.app.cloud as Simulator).injectFault('network.routes', 1, 'route table full');
    ok(await putRoutes(vpc.netUuid, [{ destination: '0.0.0.0/0', targetType: 2, target: '' }]));
    await settled(t);
    const table = ok<VpcRouteTable>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token }));
    expect(table).toMatchObject({
      status: VpcStatus.AVAILABLE,
      statusReason: 'CLOUD_NO_CAPACITY',
      pendingRoutes: null,
    });
    expect(table.routes).toHaveLength(1);
  });
});

describe('the VPC map', () => {
  it('draws the subnets with their VMs and firewalls, and the routes other than the local one', async () => {
    const vpc = await availableVpc({ netName: 'mapped' });
    const [firewall] = await t.db
      .insert(firewalls)
      .values({ clientId: tenant.client.id, vpcId: vpc.netUuid, name: 'web-fw', status: 7 })
      .returning();
    const vm = ok<Vm>(await createVm(vpc.netUuid, { name: 'web-1', firewallUuids: [firewall!.id] }));
    await settled(t);
    ok(await putRoutes(vpc.netUuid, [{ destination: '0.0.0.0/0', targetType: 2, target: '' }]));
    await settled(t);
    const [balancer] = await t.db
      .insert(loadBalancers)
      .values({
        clientId: tenant.client.id,
        vpcId: vpc.netUuid,
        name: 'web-lb',
        type: 1,
        protocol: 'http',
        port: 80,
        status: 1,
      })
      .returning();
    await t.db.insert(loadBalancerTargets).values({ loadBalancerId: balancer!.id, vmId: vm.uuid });
    const map = ok<VpcMap>(await t.request('GET', `/api/vpcs/${vpc.netUuid}/map`, { token }));
    expect(map.vpc.netName).toBe('mapped');
    expect(map.vpc).toMatchObject({ vmNum: 1, firewallNum: 1, balancerNum: 1 });
    expect(map.balancers).toEqual([
      { uuid: balancer!.id, name: 'web-lb', protocol: 'http', port: 80, status: 1, targetVmUuids: [vm.uuid] },
    ]);
    await t.db.delete(loadBalancers).where(eq(loadBalancers.id, balancer!.id));
    expect(map.subnets).toHaveLength(1);
    expect(map.subnets[0]!.cidrIpv4).toBe(vpc.cidrIpv4.replace('/16', '/24'));
    expect(map.subnets[0]!.vms).toEqual([
      expect.objectContaining({ uuid: vm.uuid, name: 'web-1', firewallUuids: [firewall!.id] }),
    ]);
    expect(map.subnets[0]!.vms[0]!.privateIpv4).toMatch(/^10\./);
    expect(map.firewalls).toEqual([{ uuid: firewall!.id, name: 'web-fw', status: 7 }]);
    expect(map.routes).toEqual([
      { destination: '0.0.0.0/0', targetType: 2, target: 'default', targetName: null },
    ]);
    await t.db.delete(vmFirewalls).where(eq(vmFirewalls.vmId, vm.uuid));
  });
});

describe('tenants and authority', () => {
  it('lets a read-only user see VPCs, routes and the map, and change nothing', async () => {
    const vpc = await availableVpc();
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    expect((await t.request('GET', '/api/vpcs', { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/vpcs/${vpc.netUuid}`, { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/vpcs/${vpc.netUuid}/routes`, { token: viewer })).statusCode).toBe(
      200,
    );
    expect((await t.request('GET', `/api/vpcs/${vpc.netUuid}/map`, { token: viewer })).statusCode).toBe(200);
    const changes = await Promise.all([
      t.request('POST', '/api/vpcs', { token: viewer, body: newVpc() }),
      t.request('PATCH', `/api/vpcs/${vpc.netUuid}`, { token: viewer, body: { bandwidthLimit: 10 } }),
      t.request('DELETE', `/api/vpcs/${vpc.netUuid}`, {
        token: viewer,
        body: { currentPassword: TEST_PASSWORD },
      }),
      putRoutes(vpc.netUuid, [], viewer),
    ]);
    expect(changes.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await get(vpc.netUuid)).status).toBe(VpcStatus.AVAILABLE);
  });
});
