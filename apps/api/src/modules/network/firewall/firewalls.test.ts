import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  FIREWALL_LIMIT,
  FirewallStatus,
  VmStatus,
  type Firewall,
  type FirewallRule,
  type Vm,
} from '@portal/shared';
import { firewallRules, firewalls, operations, vmFirewalls } from '../../../db/schema/index.js';
import { insertRules, rules as ruleRows } from './rule-rows.js';
import { body, build, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import { standingVpc } from '../../../../test/standing-vpc.js';
import { holdCloud, settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp;
let tenant: Tenant;
let token: string;
let network: Awaited<ReturnType<typeof createNetwork>>;
let otherNetwork: Awaited<ReturnType<typeof createNetwork>>;

/** A VPC with a "default" firewall of three rules, as a customer's first network. */
async function createNetwork(clientId: string, cidrIpv4 = '10.0.0.0/16') {
  const vpc = await standingVpc(t.db, clientId, { cidrIpv4 });
  const [firewall] = await t.db
    .insert(firewalls)
    .values({ clientId, vpcId: vpc.id, name: 'default', status: FirewallStatus.EDITABLE })
    .returning();
  await insertRules(t.db, clientId, firewall!.id, [
    ruleRows.inAll(cidrIpv4, 'Traffic within the VPC'),
    ruleRows.outAll('All outbound IPv4'),
    ruleRows.outAll('All outbound IPv6', 2),
  ]);
  return { vpc, firewall: firewall! };
}

beforeAll(async () => {
  t = await build();
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  network = await createNetwork(tenant.client.id);
  otherNetwork = await createNetwork(tenant.client.id, '172.16.0.0/16');
});
afterAll(() => t.close());

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
const post = (url: string, payload: unknown, as = token) =>
  t.request('POST', url, { token: as, body: payload });
const create = (over: Record<string, unknown> = {}, as = token) =>
  post('/api/firewalls', { name: 'web', vpcUuid: network.vpc.id, rules: [rule()], ...over }, as);
const get = async (uuid: string) => ok<Firewall>(await t.request('GET', `/api/firewalls/${uuid}`, { token }));
const rulesOf = async (uuid: string, as = token) =>
  ok<FirewallRule[]>(await t.request('GET', `/api/firewalls/${uuid}/rules`, { token: as }));
const patch = (uuid: string, payload: unknown, as = token) =>
  t.request('PATCH', `/api/firewalls/${uuid}`, { token: as, body: payload });
/** A small Ubuntu VM in the test network behind these firewalls, as it is asked for. */
const vmBody = (name: string, firewallUuids: string[] = []) => ({
  name,
  templateUUID: UBUNTU,
  cpuCore: 2,
  ramSize: 4,
  rootDiskSize: 50,
  vpcUuid: network.vpc.id,
  firewallUuids,
});
async function vm(name: string, firewallUuids: string[] = []): Promise<Vm> {
  const created = ok<Vm>(await post('/api/vms', vmBody(name, firewallUuids)));
  await settled(t);
  return created;
}
const getVm = async (uuid: string) => ok<Vm>(await t.request('GET', `/api/vms/${uuid}`, { token }));

describe('firewalls', () => {
  it('creates a firewall with its rules, programmed by the cloud (5 updating, then 7)', async () => {
    const rules = [
      rule(),
      rule({ fwrType: 1, fwrPort: 443, cidrDest: '0.0.0.0/0', remark: 'HTTPS' }),
      rule({ fwrType: 3, fwrPort: '-1', fwrIpVer: 2, cidrDest: '::/0', remark: 'Ping' }),
      rule({ fwrDirection: 2, fwrType: 0, fwrPort: 'Any', cidrDest: '0.0.0.0/0', remark: '' }),
      rule({ fwrType: 2, fwrPort: '53', cidrDest: '10.0.0.0/16', fwrOperate: 1, remark: 'No DNS' }),
    ];
    const created = ok<Firewall>(await create({ name: 'web-tier', rules }));
    expect(created).toMatchObject({
      name: 'web-tier',
      status: FirewallStatus.UPDATING,
      pendingOperation: 'apply',
      vpcUuid: network.vpc.id,
      vpcName: 'default',
      ruleCount: 5,
      vmCount: 0,
    });
    await settled(t);
    expect(await get(created.firewallUuid)).toMatchObject({
      status: FirewallStatus.EDITABLE,
      pendingOperation: null,
      statusReason: null,
    });
    const stored = await rulesOf(created.firewallUuid);
    expect(stored.map((r) => [r.fwrType, r.fwrPort, r.cidrDest, r.fwrOperate, r.remark])).toEqual([
      [1, '22', '203.0.113.0/24', 0, 'SSH from the office'],
      [1, '443', '0.0.0.0/0', 0, 'HTTPS'],
      [3, '-1', '::/0', 0, 'Ping'],
      [0, 'Any', '0.0.0.0/0', 0, ''],
      [2, '53', '10.0.0.0/16', 1, 'No DNS'],
    ]);
    // The cloud has the spec the portal sent.
    const list = body<{ data: { records: Firewall[] } }>(
      await t.request('GET', `/api/firewalls?vpcUuid=${network.vpc.id}&limit=0`, { token }),
    ).data.records;
    expect(list.map((f) => f.name)).toEqual(['default', 'web-tier']);
    // The default firewall's rules are rows too, counted.
    expect(await rulesOf(network.firewall.id)).toHaveLength(3);
  });

  it('refuses a port that does not suit the protocol, and a range of the wrong IP version', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fwrType: 0, fwrPort: '22' }, 'fwrPort', 'validation.firewallPort.all'],
      [{ fwrType: 1, fwrPort: '0' }, 'fwrPort', 'validation.firewallPort.tcpUdp'],
      [{ fwrType: 2, fwrPort: '65536' }, 'fwrPort', 'validation.firewallPort.tcpUdp'],
      [{ fwrType: 1, fwrPort: '80-443' }, 'fwrPort', 'validation.firewallPort.tcpUdp'],
      [{ fwrType: 3, fwrPort: '8' }, 'fwrPort', 'validation.firewallPort.icmp'],
      [{ fwrPort: '' }, 'fwrPort', 'validation.notEmpty'],
      [{ fwrIpVer: 1, cidrDest: '::/0' }, 'cidrDest', 'validation.needBeFormat.IPv4Range'],
      [{ fwrIpVer: 2, cidrDest: '0.0.0.0/0' }, 'cidrDest', 'validation.needBeFormat.IPv6Range'],
      [{ cidrDest: '' }, 'cidrDest', 'validation.notEmpty'],
      [{ fwrDirection: undefined }, 'fwrDirection', 'validation.notEmpty'],
      [{ fwrDirection: 3 }, 'fwrDirection', 'validation.needBeOneOf'],
      [{ fwrOperate: 2 }, 'fwrOperate', 'validation.needBeOneOf'],
    ];
    const before = await t.db.select({ id: firewalls.id }).from(firewalls);
    for (const [over, field, message] of cases) {
      const response = await create({ rules: [rule(), rule(), rule(), rule(over)] });
      expect(response.statusCode, JSON.stringify(over)).toBe(400);
      expect(body(response).errors, JSON.stringify(over)).toContainEqual({
        path: `rules.3.${field}`,
        message,
      });
    }
    const noName = await create({ name: '' });
    expect(body(noName).errors).toContainEqual({ path: 'name', message: 'validation.notEmpty' });
    expect(body(await create({ vpcUuid: '00000000-0000-4000-8000-000000000000' })).msg).toBe('VPC_NOT_FOUND');
    expect(await t.db.select({ id: firewalls.id }).from(firewalls)).toHaveLength(before.length);
  });

  it('edits the name and rules only in error or editable; a cloud failure is -1 with its reason', async () => {
    const release = holdCloud(t);
    const fw = ok<Firewall>(await create({ name: 'edit-me' }));
    // Updating: the cloud has not answered yet.
    expect(body(await patch(fw.firewallUuid, { name: 'too-soon' })).msg).toBe(
      'FIREWALL_IN_NON_MODIFIABLE_STATE',
    );
    release();
    await settled(t);

    await (t.app.cloud as Simulator).injectFault('firewall.apply', 1, 'rule quota reached');
    const edited = ok<Firewall>(
      await patch(fw.firewallUuid, {
        name: 'edited',
        rules: [rule({ fwrPort: '8080' }), rule({ fwrType: 3, fwrPort: '-1' })],
      }),
    );
    expect(edited).toMatchObject({ name: 'edited', status: FirewallStatus.UPDATING, ruleCount: 2 });
    await settled(t);
    expect(await get(fw.firewallUuid)).toMatchObject({
      status: FirewallStatus.ERROR,
      statusReason: 'CLOUD_NO_CAPACITY',
      pendingOperation: null,
    });

    // In error it may be edited again: a rename alone does not ask the cloud.
    expect(ok<Firewall>(await patch(fw.firewallUuid, { name: 'renamed' })).status).toBe(FirewallStatus.ERROR);
    const fixed = ok<Firewall>(await patch(fw.firewallUuid, { rules: [rule({ fwrPort: '8443' })] }));
    expect(fixed.status).toBe(FirewallStatus.UPDATING);
    await settled(t);
    expect(await get(fw.firewallUuid)).toMatchObject({
      status: FirewallStatus.EDITABLE,
      ruleCount: 1,
      name: 'renamed',
    });
    expect((await rulesOf(fw.firewallUuid)).map((r) => r.fwrPort)).toEqual(['8443']);
    const [count] = await t.db
      .select({ n: firewalls.ruleCount })
      .from(firewalls)
      .where(eq(firewalls.id, fw.firewallUuid));
    const rows = await t.db.select().from(firewallRules).where(eq(firewallRules.firewallId, fw.firewallUuid));
    expect(count?.n).toBe(rows.length);

    const bad = await patch(fw.firewallUuid, { rules: [rule(), rule({ fwrType: 0, fwrPort: '80' })] });
    expect(body(bad).errors).toContainEqual({
      path: 'rules.1.fwrPort',
      message: 'validation.firewallPort.all',
    });
    await t.request('DELETE', `/api/firewalls/${fw.firewallUuid}`, { token });
    await settled(t);
  });

  it('deletes a firewall only when no VM is in it', async () => {
    const fw = ok<Firewall>(await create({ name: 'guarded' }));
    await settled(t);
    const app = await vm('guarded-vm', [fw.firewallUuid]);
    expect((await get(fw.firewallUuid)).vmCount).toBe(1);
    const refused = await t.request('DELETE', `/api/firewalls/${fw.firewallUuid}`, { token });
    expect(body(refused).msg).toBe('FIREWALL_ALREADY_HAS_A_VM_ATTACHED');

    ok(await post(`/api/firewalls/${fw.firewallUuid}/detach`, { vmUuid: app.uuid }));
    await settled(t);
    const deleting = ok<Firewall>(await t.request('DELETE', `/api/firewalls/${fw.firewallUuid}`, { token }));
    expect(deleting.status).toBe(FirewallStatus.DELETING);
    await settled(t);
    expect((await t.request('GET', `/api/firewalls/${fw.firewallUuid}`, { token })).statusCode).toBe(404);
  });

  it('shows 1 while a VM is being created with it, and refuses a VM while it updates', async () => {
    const held = holdCloud(t);
    const fw = ok<Firewall>(await create({ name: 'for-new-vms' }));
    // Still updating: a VM cannot be created behind it.
    const refused = await post('/api/vms', vmBody('too-early', [fw.firewallUuid]));
    expect(body(refused).msg).toBe('FIREWALL_BEING_MODIFIED');
    held();
    await settled(t);

    const release = holdCloud(t);
    const launching = ok<Vm>(await post('/api/vms', vmBody('behind-it', [fw.firewallUuid])));
    expect(launching.status).toBe(VmStatus.LAUNCHING);
    expect((await get(fw.firewallUuid)).status).toBe(FirewallStatus.IN_USE);
    expect(body(await patch(fw.firewallUuid, { name: 'no' })).msg).toBe('FIREWALL_IN_NON_MODIFIABLE_STATE');
    release();
    await settled(t);
    expect((await getVm(launching.uuid)).status).toBe(VmStatus.RUNNING);
    expect(await get(fw.firewallUuid)).toMatchObject({ status: FirewallStatus.EDITABLE, vmCount: 1 });
  });

  it('attaches a firewall of the VM’s VPC and detaches it, through the cloud', async () => {
    const app = await vm('attach-me');
    const fw = ok<Firewall>(await create({ name: 'attachable' }));
    await settled(t);
    const theirs = ok<Firewall>(await create({ name: 'elsewhere', vpcUuid: otherNetwork.vpc.id }));
    await settled(t);
    expect(body(await post(`/api/firewalls/${theirs.firewallUuid}/attach`, { vmUuid: app.uuid })).msg).toBe(
      'FIREWALL_NOT_IN_VPC',
    );
    expect(
      body(
        await post(`/api/firewalls/${fw.firewallUuid}/attach`, {
          vmUuid: '00000000-0000-4000-8000-000000000000',
        }),
      ).msg,
    ).toBe('VM_NOT_FOUND');

    const attaching = ok<Firewall>(
      await post(`/api/firewalls/${fw.firewallUuid}/attach`, { vmUuid: app.uuid }),
    );
    expect(attaching).toMatchObject({ status: FirewallStatus.UPDATING, pendingOperation: 'attach' });
    // The cloud is given the firewall's rules with the VM (libvirt programs them on its interface).
    const [asked] = await t.db
      .select({ input: operations.input })
      .from(operations)
      .where(and(eq(operations.resourceId, fw.firewallUuid), eq(operations.kind, 'firewall.attach')));
    expect(asked?.input).toMatchObject({
      vmId: app.uuid,
      spec: { firewallId: fw.firewallUuid, rules: [expect.objectContaining({ port: '22' })] },
    });
    await settled(t);
    expect(await get(fw.firewallUuid)).toMatchObject({ status: FirewallStatus.EDITABLE, vmCount: 1 });
    expect((await getVm(app.uuid)).firewallUuids).toEqual([fw.firewallUuid]);
    const guarding = body<{ data: { records: Firewall[] } }>(
      await t.request('GET', `/api/firewalls?vmUuid=${app.uuid}`, { token }),
    ).data.records;
    expect(guarding.map((f) => f.name)).toEqual(['attachable']);

    // A refusal of the cloud leaves the VM's firewalls as they were, with the reason.
    await (t.app.cloud as Simulator).injectFault('firewall.detach', 1, 'port busy');
    ok(await post(`/api/firewalls/${fw.firewallUuid}/detach`, { vmUuid: app.uuid }));
    await settled(t);
    expect(await get(fw.firewallUuid)).toMatchObject({
      status: FirewallStatus.EDITABLE,
      statusReason: 'CLOUD_BUSY',
    });
    expect((await getVm(app.uuid)).firewallUuids).toEqual([fw.firewallUuid]);

    // Its last firewall may go: a VM may be created with none.
    ok(await post(`/api/firewalls/${fw.firewallUuid}/detach`, { vmUuid: app.uuid }));
    await settled(t);
    expect((await getVm(app.uuid)).firewallUuids).toEqual([]);
    expect(body(await post(`/api/firewalls/${fw.firewallUuid}/detach`, { vmUuid: app.uuid })).msg).toBe(
      'FIREWALL_NOT_FOUND',
    );
    const links = await t.db.select().from(vmFirewalls).where(eq(vmFirewalls.vmId, app.uuid));
    expect(links).toEqual([]);
  });

  it('deletes a firewall once the VM it was attached to is gone', async () => {
    const app = await vm('short-lived');
    const fw = ok<Firewall>(await create({ name: 'outlives-its-vm' }));
    await settled(t);
    ok(await post(`/api/firewalls/${fw.firewallUuid}/attach`, { vmUuid: app.uuid }));
    await settled(t);
    expect((await get(fw.firewallUuid)).vmCount).toBe(1);
    const gone = await t.request('DELETE', `/api/vms/${app.uuid}`, {
      token,
      body: { currentPassword: TEST_PASSWORD, deleteDataDisks: true },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await settled(t);
    expect((await get(fw.firewallUuid)).vmCount).toBe(0);
    ok(await t.request('DELETE', `/api/firewalls/${fw.firewallUuid}`, { token }));
    await settled(t);
    expect((await t.request('GET', `/api/firewalls/${fw.firewallUuid}`, { token })).statusCode).toBe(404);
  });

  it('keeps another tenant’s firewalls out of reach, and a read-only user to viewing', async () => {
    const fw = ok<Firewall>(await create({ name: 'private' }));
    await settled(t);
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    for (const [method, url, payload] of [
      ['GET', `/api/firewalls/${fw.firewallUuid}`, undefined],
      ['GET', `/api/firewalls/${fw.firewallUuid}/rules`, undefined],
      ['PATCH', `/api/firewalls/${fw.firewallUuid}`, { name: 'mine' }],
      ['DELETE', `/api/firewalls/${fw.firewallUuid}`, undefined],
      ['POST', `/api/firewalls/${fw.firewallUuid}/attach`, { vmUuid: network.vpc.id }],
    ] as const) {
      const response = await t.request(method, url, { token: theirs, body: payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirList = body<{ data: { total: number } }>(
      await t.request('GET', '/api/firewalls', { token: theirs }),
    );
    expect(theirList.data.total).toBe(0);
    // Their firewall cannot be created in our VPC.
    expect(body(await create({}, theirs)).msg).toBe('VPC_NOT_FOUND');

    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    expect((await t.request('GET', '/api/firewalls', { token: viewer })).statusCode).toBe(200);
    expect(await rulesOf(fw.firewallUuid, viewer)).toHaveLength(1);
    expect((await create({}, viewer)).statusCode).toBe(403);
    expect((await patch(fw.firewallUuid, { name: 'x' }, viewer)).statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/api/firewalls/${fw.firewallUuid}`, { token: viewer })).statusCode,
    ).toBe(403);
  });

  it('refuses a firewall over the limit per customer', async () => {
    const fresh = await t.createTenant();
    const freshToken = await t.signIn(fresh.root, fresh.client);
    const own = await createNetwork(fresh.client.id);
    // The default firewall is one of them.
    for (let i = 1; i < FIREWALL_LIMIT; i++) {
      ok(await create({ name: `fw-${i}`, vpcUuid: own.vpc.id, rules: [] }, freshToken));
    }
    const over = await create({ name: 'one-too-many', vpcUuid: own.vpc.id }, freshToken);
    expect(body(over).msg).toBe('FIREWALL_OVER_LIMIT');
    await settled(t);
  });
});
