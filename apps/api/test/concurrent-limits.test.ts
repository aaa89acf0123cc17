import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_MAX_PER_USER,
  BUCKET_KEYS_MAX,
  FIREWALL_LIMIT,
  FirewallStatus,
  LIFECYCLE_RULES_MAX,
  MAX_DATA_DISKS,
  RouteTargetType,
  SNAPSHOT_RULE_MAX_VMS,
  TICKET_PENDING_ATTACHMENTS_MAX,
  VM_FIREWALLS_MAX,
  VmStatus,
  type Bucket,
} from '@portal/shared';
import {
  alarms,
  apiKeys,
  bucketKeys,
  bucketLifecycleRules,
  buckets,
  ccisTerms,
  cloudExchanges,
  disks,
  firewallRules,
  firewalls,
  loadBalancerTargets,
  publicCloudCredentials,
  resourceTags,
  snapshotRules,
  ticketAttachments,
  ticketResponses,
  users,
  vmFirewalls,
  vms,
  vpcRoutes,
  vpcs,
} from '../src/db/schema/index.js';
import { body, build, TEST_PASSWORD, type Tenant, type TestApp } from './build.js';
import { seedVms } from './fleet.js';
import { createDefaultNetwork } from './fleets.js';
import { holdCloud, settled } from './operations.js';
import { multipart, PNG } from './uploads.js';

/**
 * Limits and replace-a-set writes under twenty requests at one resource at the same moment
 * (decision 0024): every answer is a 2xx or the limit's refusal, never a 5xx; a limit holds; a
 * replaced set is exactly one of the sets sent, never a mix. On PostgreSQL (TEST_DATABASE_URL)
 * the requests run side by side, each on a pooled connection in its own transaction; on PGlite
 * they take turns, and the same answers must come.
 */

const AT_ONCE = 20;

type Response = LightMyRequestResponse;
type Customer = Tenant & { token: string };

let t: TestApp;
let calls = 0;

beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

async function customer(): Promise<Customer> {
  const tenant = await t.createTenant();
  return { ...tenant, token: await t.signIn(tenant.root, tenant.client) };
}

/**
 * Twenty requests sent together. Each batch comes from an address of its own, so the per-address
 * rate limit never answers for the code under test.
 */
function together(send: (i: number, ip: string) => Promise<Response>): Promise<Response[]> {
  const ip = `198.51.100.${++calls}`;
  return Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i, ip)));
}

const done = (r: Response) => r.statusCode >= 200 && r.statusCode < 300;

/**
 * Twenty requests at once while the cloud answers nothing: a change it was asked for stays under
 * way through all of them, whatever order they run in.
 */
async function togetherWhileCloudHolds(send: Parameters<typeof together>[0]): Promise<Response[]> {
  const release = holdCloud(t);
  try {
    return await together(send);
  } finally {
    release();
  }
}

/** Every answer is a 2xx or one of these refusals, never a 5xx; how many were 2xx. */
function accepted(responses: Response[], refusals: readonly string[] = []): number {
  for (const r of responses) {
    expect(r.statusCode, r.body).toBeLessThan(500);
    if (!done(r)) expect(refusals, r.body).toContain(body(r).msg);
  }
  return responses.filter(done).length;
}

/**
 * Twenty replacements of one set at once while the cloud holds the change the first of them
 * starts: that one is accepted and the others refused as `busy`; once the cloud is done, the set
 * kept is that one, whole.
 */
async function oneReplacementWins<S>(
  sets: S[],
  send: (set: S, ip: string) => Promise<Response>,
  busy: string,
  kept: () => Promise<S>,
): Promise<void> {
  const responses = await togetherWhileCloudHolds((i, ip) => send(sets[i]!, ip));
  expect(accepted(responses, [busy])).toBe(1);
  await settled(t);
  expect([await kept()]).toEqual(sets.filter((_, i) => done(responses[i]!)));
}

/** VMs standing in the simulated cloud, stopped, in a default network of the customer's own. */
async function fleet(c: Customer, n: number) {
  const ids = await seedVms(
    t,
    c,
    Array.from({ length: n }, () => VmStatus.STOPPED),
    new Date('2026-01-05T00:00:00Z'),
  );
  const [vpc] = await t.db.select().from(vpcs).where(eq(vpcs.clientId, c.client.id));
  return { vpc: vpc!, ids };
}

/** Editable firewalls put in the VPC directly, past whatever the create route would allow. */
async function firewallsIn(c: Customer, vpcId: string, n: number) {
  const rows = await t.db
    .insert(firewalls)
    .values(
      Array.from({ length: n }, (_, i) => ({
        clientId: c.client.id,
        vpcId,
        name: `fw-${i}`,
        status: FirewallStatus.EDITABLE,
      })),
    )
    .returning({ id: firewalls.id });
  return rows.map((r) => r.id);
}

const rule = (port: number) => ({
  fwrDirection: 1,
  fwrIpVer: 1,
  fwrType: 1,
  fwrPort: String(port),
  cidrDest: '203.0.113.0/24',
  fwrOperate: 0,
  remark: `port ${port}`,
});

describe('limits hold under twenty requests at once', () => {
  it('firewalls per VM: attaches to one VM stop at VM_FIREWALLS_MAX, counting those under way', async () => {
    const c = await customer();
    const { vpc, ids } = await fleet(c, 1);
    const vmId = ids[0]!;
    const walls = await firewallsIn(c, vpc.id, AT_ONCE);
    // Every attach is still under way when the next one asks.
    const responses = await togetherWhileCloudHolds((i, ip) =>
      t.request('POST', `/api/firewalls/${walls[i]}/attach`, { token: c.token, ip, body: { vmUuid: vmId } }),
    );
    // The fleet's VM is in its default firewall already.
    expect(accepted(responses, ['VM_FIREWALLS_LIMIT'])).toBe(VM_FIREWALLS_MAX - 1);
    await settled(t);
    const [linked] = await t.db.select({ n: count() }).from(vmFirewalls).where(eq(vmFirewalls.vmId, vmId));
    expect(linked!.n).toBe(VM_FIREWALLS_MAX);
  });

  it('data disks per VM: creates attached to one VM stop at MAX_DATA_DISKS', async () => {
    const c = await customer();
    const { ids } = await fleet(c, 1);
    const vmId = ids[0]!;
    const responses = await together((i, ip) =>
      t.request('POST', '/api/disks', {
        token: c.token,
        ip,
        body: { diskName: `data-${i}`, diskSize: 10, vmUuid: vmId },
      }),
    );
    expect(accepted(responses, ['DISKS_LIMIT_3'])).toBe(MAX_DATA_DISKS);
    await settled(t);
    const [held] = await t.db
      .select({ n: count() })
      .from(disks)
      .where(and(eq(disks.vmId, vmId), eq(disks.isRoot, false)));
    expect(held!.n).toBe(MAX_DATA_DISKS);
  });

  it("ticket files: a user's uploads waiting to be sent stop at TICKET_PENDING_ATTACHMENTS_MAX", async () => {
    const c = await customer();
    const waiting = TICKET_PENDING_ATTACHMENTS_MAX - AT_ONCE / 2;
    await t.db.insert(ticketAttachments).values(
      Array.from({ length: waiting }, (_, i) => ({
        clientId: c.client.id,
        userId: c.root.id,
        key: `tickets/${c.client.id}/earlier-${i}`,
        name: `earlier-${i}.png`,
        size: PNG.length,
        contentType: 'image/png',
        createdAt: t.clock.now(),
      })),
    );
    const upload = multipart('screen.png', PNG, 'image/png');
    const responses = await together((_, ip) =>
      t.request('POST', '/api/tickets/attachments', { token: c.token, ip, ...upload }),
    );
    expect(accepted(responses, ['TICKET_ATTACHMENTS_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db
      .select({ n: count() })
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.userId, c.root.id), isNull(ticketAttachments.ticketId)));
    expect(held!.n).toBe(TICKET_PENDING_ATTACHMENTS_MAX);
  });

  it('ticket messages: twenty replies naming one file at once, the file goes with one of them', async () => {
    const c = await customer();
    const { ids } = await fleet(c, 1);
    const opened = await t.request('POST', '/api/tickets', {
      token: c.token,
      body: {
        contactName: 'Lin',
        contactMail: `contact-${c.client.clientNumber}@example.com`,
        contactMobile: '0912345678',
        contactPhone: '0223456789',
        vmId: ids[0],
        ticketCode: 'vm',
        ticketRemark: 'The VM does not answer on port 443.',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const ticket = body<{ data: { uuid: string } }>(opened).data.uuid;
    const uploaded = await t.request('POST', '/api/tickets/attachments', {
      token: c.token,
      ...multipart('screen.png', PNG, 'image/png'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = body<{ data: { id: string } }>(uploaded).data.id;
    const responses = await together((i, ip) =>
      t.request('POST', `/api/tickets/${ticket}/reply`, {
        token: c.token,
        ip,
        body: { text: `reply ${i}`, attachmentIds: [file] },
      }),
    );
    expect(accepted(responses, ['TICKET_ATTACHMENT_NOT_FOUND'])).toBe(1);
    const [row] = await t.db
      .select({ ticketId: ticketAttachments.ticketId, responseId: ticketAttachments.responseId })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, file));
    const [entries] = await t.db
      .select({ n: count() })
      .from(ticketResponses)
      .where(eq(ticketResponses.ticketId, ticket));
    expect(row).toMatchObject({ ticketId: ticket });
    expect(row!.responseId).not.toBeNull();
    // The refused replies left nothing: one entry in the conversation.
    expect(entries!.n).toBe(1);
  });

  it("bucket API keys: a customer's keys stop at BUCKET_KEYS_MAX", async () => {
    const c = await customer();
    const earlier = BUCKET_KEYS_MAX - AT_ONCE / 2;
    await t.db.insert(bucketKeys).values(
      Array.from({ length: earlier }, (_, i) => ({
        clientId: c.client.id,
        name: `earlier-${i}`,
        accessKeyId: `EARLIER${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`,
        secretSealed: 'sealed',
      })),
    );
    const responses = await together((i, ip) =>
      t.request('POST', '/api/bucket-keys', {
        token: c.token,
        ip,
        body: { name: `key-${i}`, bucketName: null },
      }),
    );
    expect(accepted(responses, ['BUCKET_KEYS_OVER_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db
      .select({ n: count() })
      .from(bucketKeys)
      .where(eq(bucketKeys.clientId, c.client.id));
    expect(held!.n).toBe(BUCKET_KEYS_MAX);
  });

  it("API keys: a user's keys stop at API_KEY_MAX_PER_USER, and one name is made once", async () => {
    const c = await customer();
    const expiresAt = new Date(Date.now() + 864e5).toISOString();
    const make = (name: string) => (_: number, ip: string) =>
      t.request('POST', '/api/api-keys', { token: c.token, ip, body: { name, expiresAt } });
    // Twenty of the same name: one is made, the others told the name is taken.
    expect(accepted(await together(make('same')), ['API_KEY_NAME_EXISTS'])).toBe(1);
    const earlier = API_KEY_MAX_PER_USER - 1 - AT_ONCE / 2;
    for (let i = 0; i < earlier; i++)
      expect((await make(`earlier-${i}`)(i, '192.0.2.1')).statusCode).toBe(200);
    const responses = await together((i, ip) => make(`key-${i}`)(i, ip));
    expect(accepted(responses, ['API_KEY_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, c.root.id));
    expect(held!.n).toBe(API_KEY_MAX_PER_USER);
  });

  it('API keys: twenty revocations of one key at once revoke it once, the others find nothing', async () => {
    const c = await customer();
    const made = await t.request('POST', '/api/api-keys', {
      token: c.token,
      body: { name: 'once', expiresAt: new Date(Date.now() + 864e5).toISOString() },
    });
    const { id } = body<{ data: { id: string } }>(made).data;
    const responses = await together((_, ip) =>
      t.request('DELETE', `/api/api-keys/${id}`, { token: c.token, ip }),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBeLessThan(500);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(AT_ONCE - 1);
    const [held] = await t.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, c.root.id));
    expect(held!.n).toBe(0);
  });

  it("lifecycle rules: a bucket's rules stop at LIFECYCLE_RULES_MAX", async () => {
    const c = await customer();
    const created = await t.request('POST', '/api/buckets', { token: c.token, body: { name: 'logs' } });
    expect(created.statusCode, created.body).toBe(200);
    const bucket = body<{ data: Bucket }>(created).data;
    const [row] = await t.db
      .select({ id: buckets.id })
      .from(buckets)
      .where(eq(buckets.clientId, c.client.id));
    await t.db.insert(bucketLifecycleRules).values(
      Array.from({ length: LIFECYCLE_RULES_MAX - AT_ONCE / 2 }, (_, i) => ({
        clientId: c.client.id,
        bucketId: row!.id,
        prefix: `earlier-${i}/`,
        expirationDays: 30,
      })),
    );
    const responses = await together((i, ip) =>
      t.request('POST', `/api/buckets/${bucket.name}/lifecycle-rules`, {
        token: c.token,
        ip,
        body: { prefix: `new-${i}/`, expirationDays: 7 },
      }),
    );
    expect(accepted(responses, ['LIFECYCLE_RULES_OVER_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db
      .select({ n: count() })
      .from(bucketLifecycleRules)
      .where(eq(bucketLifecycleRules.bucketId, row!.id));
    expect(held!.n).toBe(LIFECYCLE_RULES_MAX);
  });

  it('firewalls per customer: creates stop at FIREWALL_LIMIT', async () => {
    const c = await customer();
    const { vpc } = await createDefaultNetwork(t.db, c.client.id);
    // The default network's firewall is one; these make half the places taken.
    await firewallsIn(c, vpc.id, FIREWALL_LIMIT - AT_ONCE / 2 - 1);
    const responses = await together((i, ip) =>
      t.request('POST', '/api/firewalls', {
        token: c.token,
        ip,
        body: { name: `web-${i}`, vpcUuid: vpc.id, rules: [rule(80)] },
      }),
    );
    expect(accepted(responses, ['FIREWALL_OVER_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db
      .select({ n: count() })
      .from(firewalls)
      .where(eq(firewalls.clientId, c.client.id));
    expect(held!.n).toBe(FIREWALL_LIMIT);
    await settled(t);
  });

  it('one of a kind: the same account, VPC range, bucket name, provider key or pair key is taken once', async () => {
    const c = await customer();
    const { vpc } = await createDefaultNetwork(t.db, c.client.id);
    const [iam, range, bucket, credential, exchange] = await Promise.all([
      together((i, ip) =>
        t.request('POST', '/api/iam/users', {
          token: c.token,
          ip,
          body: {
            account: 'ops.team',
            password: TEST_PASSWORD,
            roles: ['readOnly'],
            email: `ops-${i}@example.com`,
          },
        }),
      ),
      together((i, ip) =>
        t.request('POST', '/api/vpcs', {
          token: c.token,
          ip,
          body: {
            netName: `net-${i}`,
            cidrIpv4: '172.16.0.0/16',
            bandwidthLimit: 100,
            routeLevel: 1,
            chargeMode: 2,
          },
        }),
      ),
      together((_, ip) =>
        t.request('POST', '/api/buckets', { token: c.token, ip, body: { name: 'shared' } }),
      ),
      together((_, ip) =>
        t.request('POST', '/api/public-cloud-credentials', {
          token: c.token,
          ip,
          body: {
            type: 1,
            accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
            secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
          },
        }),
      ),
      together((_, ip) =>
        t.request('POST', '/api/exchanges', {
          token: c.token,
          ip,
          body: { ccxType: 1, vpcUuid: vpc.id, pairKey: 'dxcon-fg5678gh' },
        }),
      ),
    ]);
    expect(accepted(iam, ['ACCOUNT_EXISTS'])).toBe(1);
    expect(accepted(range, ['VPC_ALREADY_EXISTS'])).toBe(1);
    expect(accepted(bucket, ['BUCKET_ALREADY_EXISTS'])).toBe(1);
    expect(accepted(credential, ['PUBLIC_CLOUD_REPEAT'])).toBe(1);
    expect(accepted(exchange, ['CLOUD_EXCHANGE_PAIR_KEY_IN_USE'])).toBe(1);
    const mine = (
      table:
        typeof users | typeof vpcs | typeof buckets | typeof publicCloudCredentials | typeof cloudExchanges,
    ) => t.db.select({ n: count() }).from(table).where(eq(table.clientId, c.client.id));
    expect((await mine(users))[0]!.n).toBe(2);
    expect((await mine(vpcs))[0]!.n).toBe(2);
    expect((await mine(buckets))[0]!.n).toBe(1);
    expect((await mine(publicCloudCredentials))[0]!.n).toBe(1);
    expect((await mine(cloudExchanges))[0]!.n).toBe(1);
    await settled(t);
  });

  it('snapshot rules: VMs added to one rule stop at SNAPSHOT_RULE_MAX_VMS', async () => {
    const c = await customer();
    const { ids } = await fleet(c, SNAPSHOT_RULE_MAX_VMS + AT_ONCE / 2);
    const protectedFirst = ids.slice(0, SNAPSHOT_RULE_MAX_VMS - AT_ONCE / 2);
    const created = await t.request('POST', '/api/snapshot-rules', {
      token: c.token,
      body: { policyName: 'nightly', policyCycle: 1, retainedQuantity: 7, vmUuids: protectedFirst },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ruleId = body<{ data: { uuid: string } }>(created).data.uuid;
    const rest = ids.slice(protectedFirst.length);
    const responses = await together((i, ip) =>
      t.request('POST', `/api/snapshot-rules/${ruleId}/add-vms`, {
        token: c.token,
        ip,
        body: { vmUuids: [rest[i % rest.length]] },
      }),
    );
    expect(accepted(responses, ['SNAPSHOT_RULE_VMS_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db.select({ n: count() }).from(vms).where(eq(vms.snapshotRuleId, ruleId));
    expect(held!.n).toBe(SNAPSHOT_RULE_MAX_VMS);
  });

  it('snapshot rules: twenty one-click protections at once make one default rule, which stops at SNAPSHOT_RULE_MAX_VMS', async () => {
    const c = await customer();
    const { ids } = await fleet(c, SNAPSHOT_RULE_MAX_VMS + AT_ONCE / 2);
    const defaults = () =>
      t.db
        .select({ id: snapshotRules.id })
        .from(snapshotRules)
        .where(and(eq(snapshotRules.clientId, c.client.id), eq(snapshotRules.isDefault, true)));
    // Twenty first clicks, each for a VM of its own: one rule is made, the others join it.
    const first = await together((i, ip) =>
      t.request('POST', '/api/snapshot-rules/protect', { token: c.token, ip, body: { vmUuids: [ids[i]] } }),
    );
    expect(accepted(first)).toBe(AT_ONCE);
    const made = await defaults();
    expect(made).toHaveLength(1);
    expect(new Set(first.map((r) => body<{ data: { uuid: string } }>(r).data.uuid))).toEqual(
      new Set([made[0]!.id]),
    );
    // Filled up to ten short of the limit, then twenty at once for the last twenty: ten get in.
    const filled = await t.request('POST', '/api/snapshot-rules/protect', {
      token: c.token,
      body: { vmUuids: ids.slice(AT_ONCE, SNAPSHOT_RULE_MAX_VMS - AT_ONCE / 2) },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const rest = ids.slice(SNAPSHOT_RULE_MAX_VMS - AT_ONCE / 2);
    const last = await together((i, ip) =>
      t.request('POST', '/api/snapshot-rules/protect', { token: c.token, ip, body: { vmUuids: [rest[i]] } }),
    );
    expect(accepted(last, ['SNAPSHOT_RULE_VMS_LIMIT'])).toBe(AT_ONCE / 2);
    const [held] = await t.db.select({ n: count() }).from(vms).where(eq(vms.snapshotRuleId, made[0]!.id));
    expect(held!.n).toBe(SNAPSHOT_RULE_MAX_VMS);
    expect(await defaults()).toHaveLength(1);
  });

  it('data store: one purchase a day, whatever the keys of twenty at once', async () => {
    const c = await customer();
    const responses = await together((_, ip) =>
      t.request('POST', '/api/data-store/purchases', {
        token: c.token,
        ip,
        headers: { 'idempotency-key': randomUUID() },
        body: { commitGb: 1000, months: 12, autoExtend: false },
      }),
    );
    expect(accepted(responses, ['CCIS_PURCHASE_TOO_OFTEN'])).toBe(1);
    const [held] = await t.db
      .select({ n: count() })
      .from(ccisTerms)
      .where(eq(ccisTerms.clientId, c.client.id));
    expect(held!.n).toBe(1);
  });
});

describe('a set replaced by twenty requests at once is one of the sets sent', () => {
  let c: Customer;
  let net: Awaited<ReturnType<typeof fleet>>;

  beforeAll(async () => {
    c = await customer();
    net = await fleet(c, 4);
  });

  it("tags: twenty PUTs of one VM's tags all apply, in some order", async () => {
    const vmId = net.ids[0]!;
    // Overlapping keys: two sets written at once would meet on the unique (resource, key).
    const sets = Array.from({ length: AT_ONCE }, (_, i) => [
      { key: 'env', value: `v${i}` },
      { key: 'owner', value: `team-${i}` },
      { key: `only-${i}`, value: '' },
    ]);
    const responses = await together((i, ip) =>
      t.request('PUT', `/api/tags/vms/${vmId}`, { token: c.token, ip, body: { tags: sets[i] } }),
    );
    expect(accepted(responses)).toBe(AT_ONCE);
    const kept = await t.db
      .select({ key: resourceTags.key, value: resourceTags.value })
      .from(resourceTags)
      .where(eq(resourceTags.resId, vmId))
      .orderBy(asc(resourceTags.key));
    const sorted = sets.map((s) => [...s].sort((a, b) => a.key.localeCompare(b.key)));
    expect(sorted).toContainEqual(kept);
  });

  it('firewall rules: one rule list wins whole; the others are refused while it is programmed', async () => {
    const [wall] = await firewallsIn(c, net.vpc.id, 1);
    // Each set a list of ports, one rule each.
    const sets = Array.from({ length: AT_ONCE }, (_, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, n) => String(1000 + i * 10 + n)),
    );
    await oneReplacementWins(
      sets,
      (ports, ip) =>
        t.request('PATCH', `/api/firewalls/${wall}`, {
          token: c.token,
          ip,
          body: { rules: ports.map((port) => rule(Number(port))) },
        }),
      'FIREWALL_IN_NON_MODIFIABLE_STATE',
      async () =>
        (
          await t.db
            .select({ port: firewallRules.port })
            .from(firewallRules)
            .where(eq(firewallRules.firewallId, wall!))
            .orderBy(asc(firewallRules.position))
        ).map((r) => r.port),
    );
    const [row] = await t.db
      .select({ ruleCount: firewalls.ruleCount })
      .from(firewalls)
      .where(eq(firewalls.id, wall!));
    const [rules] = await t.db
      .select({ n: count() })
      .from(firewallRules)
      .where(eq(firewallRules.firewallId, wall!));
    expect(row!.ruleCount).toBe(rules!.n);
  });

  it('VPC routes: one table wins whole; the others are refused while it is programmed', async () => {
    // Each set a list of destinations, one route each.
    const sets = Array.from({ length: AT_ONCE }, (_, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, n) => `192.168.${i * 3 + n}.0/24`),
    );
    await oneReplacementWins(
      sets,
      (destinations, ip) =>
        t.request('PUT', `/api/vpcs/${net.vpc.id}/routes`, {
          token: c.token,
          ip,
          body: {
            routes: destinations.map((destination) => ({
              destination,
              targetType: RouteTargetType.MANUAL,
              target: '10.0.0.5',
            })),
          },
        }),
      'VPC_STATUS_ERROR',
      async () =>
        (
          await t.db
            .select({ destination: vpcRoutes.destination })
            .from(vpcRoutes)
            .where(eq(vpcRoutes.vpcId, net.vpc.id))
            .orderBy(asc(vpcRoutes.position))
        ).map((r) => r.destination),
    );
  });

  it('load balancer targets: one set of VMs wins whole', async () => {
    const created = await t.request('POST', '/api/balancers', {
      token: c.token,
      body: {
        lbType: 1,
        lbName: 'web',
        lbProtocol: 'HTTP',
        lbPort: 80,
        vpcUuid: net.vpc.id,
        vmUuids: [net.ids[0]],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const balancer = body<{ data: { uuid: string } }>(created).data.uuid;
    await settled(t);
    const sets = Array.from({ length: AT_ONCE }, (_, i) => [net.ids[i % 4]!, net.ids[(i + 1) % 4]!].sort());
    await oneReplacementWins(
      sets,
      (vmUuids, ip) =>
        t.request('PATCH', `/api/balancers/${balancer}`, { token: c.token, ip, body: { vmUuids } }),
      'LB_STATUS_ERROR',
      async () =>
        (
          await t.db
            .select({ vmId: loadBalancerTargets.vmId })
            .from(loadBalancerTargets)
            .where(eq(loadBalancerTargets.loadBalancerId, balancer))
            .orderBy(asc(loadBalancerTargets.vmId))
        ).map((r) => r.vmId),
    );
  });

  it("alarm addresses: twenty changes of one alarm's addresses all apply, in some order", async () => {
    const created = await t.request('POST', '/api/alarms', {
      token: c.token,
      body: {
        alarmName: 'cpu-high',
        kind: 'metric',
        vmUuid: net.ids[0],
        item: 'cpu',
        operator: '>',
        criticalNumber: 80,
        continuance: 3,
        coolDownTime: 10,
        emails: ['first@example.com'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const alarm = body<{ data: { uuid: string } }>(created).data.uuid;
    const sets = Array.from({ length: AT_ONCE }, (_, i) =>
      Array.from({ length: 1 + (i % 4) }, (_, n) => `ops-${i}-${n}@example.com`),
    );
    const responses = await together((i, ip) =>
      t.request('PATCH', `/api/alarms/${alarm}`, { token: c.token, ip, body: { emails: sets[i] } }),
    );
    expect(accepted(responses)).toBe(AT_ONCE);
    const [row] = await t.db.select({ emails: alarms.emails }).from(alarms).where(eq(alarms.id, alarm));
    expect(sets).toContainEqual(row!.emails);
  });

  it("snapshot rules: one rule's VMs replaced twenty times at once are one of the sets; a VM joins one rule", async () => {
    const created = await t.request('POST', '/api/snapshot-rules', {
      token: c.token,
      body: { policyName: 'nightly', policyCycle: 1, retainedQuantity: 7, vmUuids: [net.ids[0]] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ruleId = body<{ data: { uuid: string } }>(created).data.uuid;
    const sets = Array.from({ length: AT_ONCE }, (_, i) => [net.ids[i % 3]!, net.ids[(i + 1) % 3]!].sort());
    const responses = await together((i, ip) =>
      t.request('PATCH', `/api/snapshot-rules/${ruleId}`, { token: c.token, ip, body: { vmUuids: sets[i] } }),
    );
    expect(accepted(responses)).toBe(AT_ONCE);
    const kept = await t.db
      .select({ id: vms.id })
      .from(vms)
      .where(eq(vms.snapshotRuleId, ruleId))
      .orderBy(asc(vms.id));
    expect(sets).toContainEqual(kept.map((k) => k.id));

    // The fourth VM is in no rule: twenty new rules ask for it, one gets it.
    const lone = net.ids[3]!;
    const rules = await together((i, ip) =>
      t.request('POST', '/api/snapshot-rules', {
        token: c.token,
        ip,
        body: { policyName: `rule-${i}`, policyCycle: 1, retainedQuantity: 7, vmUuids: [lone] },
      }),
    );
    expect(accepted(rules, ['A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE'])).toBe(1);
  });
});
