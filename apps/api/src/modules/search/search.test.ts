import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlarmStatus,
  authorityForRoles,
  CcxType,
  CloudExchangeStatus,
  PublicCloudType,
  searchAnswerSchema,
  SEARCH_KINDS,
  SEARCH_QUERY_MAX,
  SnapshotPolicyCycle,
  SnapshotStatus,
  VmStatus,
  type SearchHit,
} from '@portal/shared';
import { body, build, type Tenant, type TestApp } from '../../../test/build.js';
import { createDefaultNetwork, fleetVm, insertFleet } from '../../../test/fleets.js';
import {
  alarms,
  buckets,
  ccxClusters,
  cloudExchanges,
  loadBalancers,
  orders,
  publicCloudCredentials,
  snapshotRules,
  snapshots,
  tickets,
  vms,
  vnis,
  vpcs,
} from '../../db/schema/index.js';
import { tenantScope } from '../../db/tenant-scope.js';
import type { AuthContext } from '../../platform/auth-context.js';
import { search } from './search-service.js';
import { defineSearchSource } from './search-source.js';
import { SEARCH_SOURCES } from './sources/index.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let aToken: string;
let bToken: string;
/** Tenant A's VMs by name; B has VMs of the same names at the same addresses. */
const aVms = new Map<string, string>();
const bVms = new Map<string, string>();

/** web-1, web-2, db-1 at 10.0.0.10-12, and a VM with LIKE's wildcards in its name, at .13. */
async function fleet(tenant: Tenant, ids: Map<string, string>) {
  const { vpc, firewall } = await createDefaultNetwork(t.db, tenant.client.id);
  const names = ['web-1', 'web-2', 'db-1', 'cost_100%'];
  const made = await insertFleet(
    t.db,
    {
      clientId: tenant.client.id,
      vpcId: vpc.id,
      firewallId: firewall.id,
      cidr: vpc.cidrIpv4,
      segmentBase: '10.0.0.0',
    },
    names.map((name, index) =>
      fleetVm({ name, host: 'hv-tpe-01', index, createdAt: new Date('2026-01-01T00:00:00Z') }),
    ),
  );
  names.forEach((name, i) => ids.set(name, made[i]!));
  // db-1 is reachable from outside: its public address is on the VM and on its interface.
  const db1 = made[2]!;
  await t.db.update(vms).set({ publicIp: '203.0.113.7' }).where(eq(vms.id, db1));
  await t.db.update(vnis).set({ publicIp: '203.0.113.7' }).where(eq(vnis.vmId, db1));
  await t.db.insert(buckets).values({
    clientId: tenant.client.id,
    name: 'web-assets',
    s3Name: `s3-${tenant.client.clientNumber}-web-assets`,
  });
  await t.db.insert(loadBalancers).values({
    clientId: tenant.client.id,
    vpcId: vpc.id,
    name: 'web-frontend',
    type: 1,
    protocol: 'HTTP',
    port: 80,
    address: '198.51.100.20',
    status: 1,
  });
  await t.db.insert(orders).values({
    clientId: tenant.client.id,
    orderNo: `VM20260101-${tenant.client.clientNumber.slice(-6)}`,
    resType: 'vm',
    vmId: ids.get('web-1')!,
    resName: 'web-1',
    months: 12,
    orderDate: '2026-01-01',
    endDate: '2027-01-01',
    status: 1,
    autoRenew: true,
    monthlyPrice: '1000',
    termPrice: '12000',
    account: tenant.root.account,
  });
  // A support ticket about db-1, numbered alike in both tenants but for the last digit.
  await t.db.insert(tickets).values({
    clientId: tenant.client.id,
    ticketNo: `T20260101000${tenant === a ? 1 : 2}`,
    status: 'WAITING',
    code: 'vm',
    remark: 'Disk full on the database server',
    contactName: 'Ops',
    contactMail: 'ops@example.com',
    vmId: ids.get('db-1')!,
    vmName: 'db-1',
    account: tenant.root.account,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
  });
}

beforeAll(async () => {
  t = await build();
  a = await t.createTenant();
  b = await t.createTenant();
  await fleet(a, aVms);
  await fleet(b, bVms);
  aToken = await t.signIn(a.root, a.client);
  bToken = await t.signIn(b.root, b.client);
});
afterAll(() => t.close());

async function find(q: string, token = aToken, limit?: number): Promise<SearchHit[]> {
  const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await t.request('GET', `/api/search?${params}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return searchAnswerSchema.strict().parse(body<{ data: unknown }>(response).data).hits;
}
const ofKind = (hits: SearchHit[], kind: SearchHit['kind']) => hits.filter((h) => h.kind === kind);

describe('GET /api/search', () => {
  it('finds an IAM user by account or email (never the root), its own tenant’s only, and opens its form', async () => {
    const mine = await t.createIam(a.client, { account: 'ops_lead', email: 'ops.lead@example.com' });
    await t.createIam(b.client, { account: 'ops_lead', email: 'ops.lead@example.com' });
    for (const q of ['ops_le', 'ops.lead@']) {
      const hits = ofKind(await find(q), 'iamUser');
      expect(hits, q).toHaveLength(1);
      expect(hits[0]).toMatchObject({
        id: mine.id,
        title: 'ops_lead',
        subtitle: 'ops.lead@example.com',
        path: `/editIAM/${mine.id}`,
      });
    }
    expect(ofKind(await find(a.root.account), 'iamUser')).toEqual([]);
  });

  it('finds a VM by part of its name, case-insensitively, and leads to its page', async () => {
    const hits = ofKind(await find('WEB'), 'vm');
    expect(hits.map((h) => h.title)).toEqual(['web-1', 'web-2']);
    expect(hits[0]).toMatchObject({
      id: aVms.get('web-1'),
      subtitle: '10.0.0.10',
      status: VmStatus.RUNNING,
      matched: { field: 'name', text: 'web-1' },
      path: `/vmSetting/${aVms.get('web-1')}`,
    });
  });

  it('finds a VM by the start of its uuid, or all of it', async () => {
    const id = aVms.get('db-1')!;
    for (const q of [id.slice(0, 8), id.toUpperCase()]) {
      const [hit] = ofKind(await find(q), 'vm');
      expect(hit).toMatchObject({ id, title: 'db-1', matched: { field: 'id', text: id } });
    }
  });

  it('finds a VM by its private IP, the equal address first, and the interface that holds it', async () => {
    const hits = await find('10.0.0.11');
    expect(ofKind(hits, 'vm')[0]).toMatchObject({
      id: aVms.get('web-2'),
      matched: { field: 'privateIp', text: '10.0.0.11' },
    });
    expect(ofKind(hits, 'ip')[0]).toMatchObject({
      title: '10.0.0.11',
      subtitle: 'web-2',
      subtitleKind: 'vm',
      path: `/vmSetting/${aVms.get('web-2')}`,
    });
    // The start of an address finds every VM there, in the order of their addresses.
    expect(ofKind(await find('10.0.0.'), 'vm').map((h) => h.matched.text)).toEqual([
      '10.0.0.10',
      '10.0.0.11',
      '10.0.0.12',
      '10.0.0.13',
    ]);
  });

  it('finds a VM by its public IP, and a balancer by its address', async () => {
    const hits = await find('203.0.113.7');
    expect(ofKind(hits, 'vm')).toMatchObject([
      { id: aVms.get('db-1'), matched: { field: 'publicIp', text: '203.0.113.7' } },
    ]);
    expect(ofKind(hits, 'ip')).toMatchObject([
      { title: '203.0.113.7', subtitle: 'db-1', matched: { field: 'publicIp' } },
    ]);
    const [lb] = ofKind(await find('198.51.100.20'), 'ip');
    expect(lb).toMatchObject({
      subtitle: 'web-frontend',
      subtitleKind: 'balancer',
      matched: { field: 'address' },
    });
    expect(lb!.path).toMatch(/^\/balancer\?search=[0-9a-f-]{36}$/);
  });

  it('finds the other kinds by name, each leading to its page or its filtered list', async () => {
    const hits = await find('web');
    expect(hits.map((h) => h.kind)).toEqual(['vm', 'vm', 'disk', 'disk', 'balancer', 'bucket', 'order']);
    expect(ofKind(hits, 'disk')[0]).toMatchObject({
      title: 'web-1-root',
      subtitle: 'web-1',
      subtitleKind: 'vm',
    });
    expect(ofKind(hits, 'disk')[0]!.path).toBe(`/diskList?search=${ofKind(hits, 'disk')[0]!.id}`);
    expect(ofKind(hits, 'bucket')[0]).toMatchObject({ title: 'web-assets', path: '/bucket/web-assets' });
    expect(ofKind(hits, 'order')[0]).toMatchObject({ title: 'web-1', status: 1 });
    expect(ofKind(hits, 'order')[0]!.path).toMatch(/^\/orderHistory\?order=[0-9a-f-]{36}$/);
    const vpc = ofKind(await find('10.0.0.0/16'), 'vpc');
    expect(vpc).toMatchObject([{ subtitle: '10.0.0.0/16', matched: { field: 'cidr' } }]);
    expect(vpc[0]!.path).toBe(`/vpcNets/${vpc[0]!.id}`);
    const [firewall] = ofKind(
      await find(ofKind(await find('default'), 'firewall')[0]!.id.slice(0, 13)),
      'firewall',
    );
    expect(firewall).toMatchObject({ matched: { field: 'id' }, subtitleKind: 'vpc' });
  });

  it('never shows another tenant’s resources, of the same names and at the same addresses', async () => {
    const mine = new Set([...aVms.values()]);
    for (const q of ['web-1', '10.0.0.10', '203.0.113.7', 'web', bVms.get('web-1')!.slice(0, 8)]) {
      const hits = await find(q);
      for (const hit of ofKind(hits, 'vm')) expect(mine.has(hit.id)).toBe(true);
      for (const hit of hits) expect([...bVms.values()]).not.toContain(hit.id);
    }
    expect(ofKind(await find(bVms.get('web-1')!), 'vm')).toEqual([]);
    // And B sees its own, not A's.
    const [theirs] = ofKind(await find('10.0.0.10', bToken), 'vm');
    expect(theirs!.id).toBe(bVms.get('web-1'));
  });

  it('finds a support ticket by its number or its description, leading to its conversation', async () => {
    const [hit, ...rest] = ofKind(await find('T2026010100'), 'ticket');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      title: 'T202601010001',
      subtitle: 'db-1',
      status: 'WAITING',
      matched: { field: 'ticketNo', text: 'T202601010001' },
      path: `/myTicket/${hit!.id}`,
    });
    const [byText] = ofKind(await find('disk full'), 'ticket');
    expect(byText).toMatchObject({ id: hit!.id, matched: { field: 'description' } });
    // B's own, never A's.
    expect(ofKind(await find('T2026010100', bToken), 'ticket').map((h) => h.title)).toEqual([
      'T202601010002',
    ]);
    // A user without myAccount/myTicket (no roles at all) finds none.
    const nobody = await t.createIam(a.client, { roles: [] });
    expect(await find('T2026010100', await t.signIn(nobody, a.client))).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect((await find('%')).map((h) => h.title)).toEqual(['cost_100%', 'cost_100%-root']);
    expect(ofKind(await find('_100%'), 'vm').map((h) => h.title)).toEqual(['cost_100%']);
    // "_" would match the dash of web-1, "%" anything.
    expect(await find('web_1')).toEqual([]);
    expect(await find('w%1')).toEqual([]);
    expect(await find('\\')).toEqual([]);
  });

  it('gives a few hits of each kind and no more than the limit', async () => {
    const all = await find('0');
    expect(ofKind(all, 'vm').length).toBeLessThanOrEqual(5);
    expect(await find('web', aToken, 3)).toHaveLength(3);
  });

  it('refuses a question that is empty or too long, and a caller who is not signed in', async () => {
    const ask = (q: string, token?: string) =>
      t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token });
    expect((await ask('x'.repeat(SEARCH_QUERY_MAX + 1), aToken)).statusCode).toBe(400);
    expect((await ask('x'.repeat(SEARCH_QUERY_MAX), aToken)).statusCode).toBe(200);
    expect((await ask('   ', aToken)).statusCode).toBe(400);
    expect((await t.request('GET', '/api/search?q=web&limit=51', { token: aToken })).statusCode).toBe(400);
    expect((await ask('web')).statusCode).toBe(401);
  });
});

describe('what a role allows', () => {
  it('an IAM user without compute/vm finds no VMs, disks or addresses, but its orders', async () => {
    const billing = await t.createIam(a.client, { roles: ['billingViewer'] });
    const hits = await find('web', await t.signIn(billing, a.client));
    expect(hits.map((h) => h.kind)).toEqual(['order']);
    expect(await find('10.0.0.10', await t.signIn(billing, a.client))).toEqual([]);
  });

  it('a storage operator finds VMs and disks but no addresses; a network operator the addresses', async () => {
    const storage = await t.createIam(a.client, { roles: ['storageOperator'] });
    const storageHits = await find('10.0.0.10', await t.signIn(storage, a.client));
    expect(storageHits.map((h) => h.kind)).toEqual(['vm']);
    expect([...new Set((await find('web', await t.signIn(storage, a.client))).map((h) => h.kind))]).toEqual([
      'vm',
      'disk',
      'bucket',
    ]);
    const network = await t.createIam(a.client, { roles: ['networkOperator'] });
    const networkHits = await find('10.0.0.10', await t.signIn(network, a.client));
    expect(networkHits.map((h) => h.kind)).toEqual(['vm', 'ip']);
  });

  it('a kind the caller may not view is never asked', async () => {
    const asked: string[] = [];
    const spy = (kind: 'vm' | 'order', authority: 'compute/vm' | 'myAccount/orderHistory') =>
      defineSearchSource({
        kind,
        authority,
        query: async () => {
          asked.push(kind);
          return [];
        },
      });
    const auth = {
      tenant: tenantScope(t.db, a.client.id),
      authority: authorityForRoles(['billingViewer']),
    } as AuthContext;
    await search(auth, { q: 'web', limit: 30 }, [
      spy('vm', 'compute/vm'),
      spy('order', 'myAccount/orderHistory'),
    ]);
    expect(asked).toEqual(['order']);
    // Every declared kind has a source, in the order of SEARCH_KINDS.
    expect(SEARCH_SOURCES.map((s) => s.kind)).toEqual([...SEARCH_KINDS]);
  });
});

describe('snapshots and their rules, CCX, alarms, cloud exchanges and credentials', () => {
  const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYzEXAMPLEKEY';
  /** Each tenant's rows of these kinds, by kind: the same names in both. */
  const ids = new Map<Tenant, Record<string, string>>();

  async function estate(tenant: Tenant, vmIds: Map<string, string>) {
    const clientId = tenant.client.id;
    const [vpc] = await t.db.select().from(vpcs).where(eq(vpcs.clientId, clientId));
    const [vm] = await t.db
      .select()
      .from(vms)
      .where(eq(vms.id, vmIds.get('db-1')!));
    const [rule] = await t.db
      .insert(snapshotRules)
      .values({
        clientId,
        name: 'nightly-keep',
        cycle: SnapshotPolicyCycle.DAILY,
        retained: 7,
        nextRunAt: new Date('2026-01-02T18:00:00Z'),
      })
      .returning();
    const [snapshot] = await t.db
      .insert(snapshots)
      .values({
        clientId,
        name: 'before-upgrade',
        vmId: vm!.id,
        vmName: vm!.name,
        templateId: vm!.templateId,
        cpuCore: vm!.cpuCore,
        ramSize: vm!.ramSize,
        disks: [{ sizeGb: 50, speed: 0, isRoot: true }],
        sizeGb: 50,
        diskQty: 1,
        status: SnapshotStatus.COMPLETED,
      })
      .returning();
    const [cluster] = await t.db
      .insert(ccxClusters)
      .values({
        clientId,
        vpcId: vpc!.id,
        name: 'orders-cluster',
        engine: 'postgresql',
        version: '16',
        nodeCount: 3,
        nodeSize: '2c4g',
        endpoint: 'orders-cluster.ccx.internal',
        status: 1,
      })
      .returning();
    const [alarm] = await t.db
      .insert(alarms)
      .values({
        clientId,
        name: 'cpu-high-db',
        kind: 'metric',
        metric: 'cpu',
        vmId: vm!.id,
        operator: '>',
        critical: 90,
        continuance: 3,
        coolDownMinutes: 10,
        emails: ['ops@example.com'],
        status: AlarmStatus.ALARMING,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const [exchange] = await t.db
      .insert(cloudExchanges)
      .values({
        clientId,
        vpcId: vpc!.id,
        provider: CcxType.AWS,
        pairKey: 'dxcon-fgq8x2ma',
        status: CloudExchangeStatus.DONE,
      })
      .returning();
    const [credential] = await t.db
      .insert(publicCloudCredentials)
      .values({ clientId, type: PublicCloudType.AWS, keyId: 'AKIAIOSFODNN7EXAMPLE', secretSealed: SECRET })
      .returning();
    ids.set(tenant, {
      vpc: vpc!.name,
      snapshotRule: rule!.id,
      snapshot: snapshot!.id,
      ccx: cluster!.id,
      alarm: alarm!.id,
      cloudExchange: exchange!.id,
      cloudCredential: credential!.id,
    });
  }

  beforeAll(async () => {
    await estate(a, aVms);
    await estate(b, bVms);
  });

  const mine = (kind: string) => ids.get(a)![kind]!;
  const theirs = (kind: string) => ids.get(b)![kind]!;

  it('finds a snapshot by name or id, with the VM it was taken of, leading to the filtered list', async () => {
    for (const q of ['before-up', mine('snapshot').slice(0, 8)]) {
      expect(ofKind(await find(q), 'snapshot'), q).toMatchObject([
        {
          id: mine('snapshot'),
          title: 'before-upgrade',
          subtitle: 'db-1',
          status: SnapshotStatus.COMPLETED,
          path: `/snapshot?search=${mine('snapshot')}`,
        },
      ]);
    }
  });

  it('finds a snapshot rule by name or id, leading to its form', async () => {
    for (const q of ['NIGHTLY', mine('snapshotRule')]) {
      expect(ofKind(await find(q), 'snapshotRule'), q).toMatchObject([
        {
          id: mine('snapshotRule'),
          title: 'nightly-keep',
          path: `/editSnapshotRule/${mine('snapshotRule')}`,
        },
      ]);
    }
  });

  it('finds a CCX cluster by name, with its endpoint, and an alarm with the VM it watches', async () => {
    expect(ofKind(await find('orders-clu'), 'ccx')).toMatchObject([
      {
        id: mine('ccx'),
        subtitle: 'orders-cluster.ccx.internal',
        path: `/ccxList?search=${mine('ccx')}`,
      },
    ]);
    expect(ofKind(await find('cpu-high'), 'alarm')).toMatchObject([
      {
        id: mine('alarm'),
        subtitle: 'db-1',
        subtitleKind: 'vm',
        status: AlarmStatus.ALARMING,
        path: `/alarm/edit/${mine('alarm')}`,
      },
    ]);
  });

  it('finds a cloud exchange by pair key, provider or id, leading to its provider’s tab searched for it', async () => {
    for (const [q, field] of [
      ['dxcon-fgq8', 'pairKey'],
      ['aws', 'provider'],
      [mine('cloudExchange').slice(0, 13), 'id'],
    ] as const) {
      expect(ofKind(await find(q), 'cloudExchange'), q).toMatchObject([
        {
          id: mine('cloudExchange'),
          title: 'dxcon-fgq8x2ma',
          subtitle: `AWS · ${ids.get(a)!.vpc}`,
          status: CloudExchangeStatus.DONE,
          matched: { field },
          path: '/exCloud?tab=aws&search=dxcon-fgq8x2ma',
        },
      ]);
    }
  });

  it('finds a credential by provider, key id as shown or id, never by its secret nor the hidden part of its key', async () => {
    for (const [q, field] of [
      ['AWS', 'name'],
      ['akia', 'keyId'],
      ['MPLE', 'keyId'],
      [mine('cloudCredential'), 'id'],
    ] as const) {
      expect(ofKind(await find(q), 'cloudCredential'), q).toMatchObject([
        {
          id: mine('cloudCredential'),
          title: 'AWS',
          subtitle: 'AKIA••••MPLE',
          status: null,
          matched: { field },
          path: '/exCloud?tab=aws',
        },
      ]);
    }
    // The part of the key id the console hides, and the secret, find nothing.
    for (const q of ['IOSFODNN', 'AKIAIOSFODNN7EXAMPLE', SECRET, SECRET.slice(0, 10)]) {
      expect(await find(q), q).toEqual([]);
    }
    const answer = await t.request('GET', '/api/search?q=aws', { token: aToken });
    expect(answer.body).not.toContain('IOSFODNN');
    expect(answer.body).not.toContain(SECRET);
  });

  it('never shows another tenant’s rows of these kinds, of the same names', async () => {
    const kinds = ['snapshot', 'snapshotRule', 'ccx', 'alarm', 'cloudExchange', 'cloudCredential'] as const;
    const hits = (
      await Promise.all(
        ['before-upgrade', 'nightly', 'orders', 'cpu-high', 'dxcon', 'aws'].map((q) => find(q)),
      )
    ).flat();
    for (const kind of kinds) {
      expect([...new Set(ofKind(hits, kind).map((h) => h.id))], kind).toEqual([mine(kind)]);
      // B's ids, even whole, find nothing for A; B finds its own.
      expect(ofKind(await find(theirs(kind)), kind), kind).toEqual([]);
      expect(
        ofKind(await find(theirs(kind), bToken), kind).map((h) => h.id),
        kind,
      ).toEqual([theirs(kind)]);
    }
  });

  it('answers each kind only to a user who may view it', async () => {
    const kindsFor = async (roles: string[]) => {
      const user = await t.createIam(a.client, { roles });
      const token = await t.signIn(user, a.client);
      const found = [];
      for (const q of ['before-upgrade', 'nightly', 'orders-clu', 'cpu-high', 'dxcon', 'akia']) {
        found.push(...(await find(q, token)).map((h) => h.kind));
      }
      return [...new Set(found)].sort();
    };
    // compute/snapshot, no network/ccx, network/exCloud or monitor/alarm.
    expect(await kindsFor(['computeOperator'])).toEqual(['snapshot', 'snapshotRule']);
    // network/ccx and network/exCloud, no compute/snapshot or monitor/alarm.
    expect(await kindsFor(['networkOperator'])).toEqual(['ccx', 'cloudCredential', 'cloudExchange']);
    expect(await kindsFor(['readOnly'])).toEqual([
      'alarm',
      'ccx',
      'cloudCredential',
      'cloudExchange',
      'snapshot',
      'snapshotRule',
    ]);
    expect(await kindsFor([])).toEqual([]);
  });
});
