import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEstate } from '../src/seed/demo-estate.js';
import { createSecretBox, loadSecretKey } from '../src/platform/secret-box.js';
import { build, type TestApp } from './build.js';
import { computeKinds } from './estate-compute.js';
import { networkKinds } from './estate-network.js';
import { storageKinds } from './estate-storage.js';
import { tenantApi, walker, type Kind } from './estate-walk.js';

/**
 * The demo customer's estate, seeded straight into the database at the server's first start, must
 * exist in the (simulated) cloud as fully as what a customer creates: every action the API offers
 * on every seeded resource reaches the cloud and succeeds. On a fresh tenant seeded as the server
 * seeds the demo, with the cloud instant and never failing by chance, each seeded row of each kind
 * takes every action that applies to it as it stands (estate-walk.ts), then everything is deleted,
 * last. After each step: the answer is 200, each operation it started succeeded, the row is not in
 * error, and the cloud's own state (the simulator's tables, the S3 service) agrees with the row.
 *
 * The actions come from the declared routes: every change the API registers is a step of a kind
 * here or is named below with why it acts on nothing seeded, so a new action fails this test until
 * it is walked too.
 */
let t: TestApp;
let walk: ReturnType<typeof walker>;
let kinds: Kinds;
/** The ids of the rows the seed made, by kind: those are walked (not what the walk makes). */
const seeded = new Map<Kind<unknown>, string[]>();

type Kinds = ReturnType<typeof allKinds>;
function allKinds(api: ReturnType<typeof tenantApi>, clientId: string) {
  const compute = computeKinds(t, api);
  const network = networkKinds(t, api, clientId);
  const storage = storageKinds(t, api, clientId);
  return {
    /** Walked in this order: the VMs end stopped, as disks, interfaces and restores need them. */
    walked: [
      compute.vm,
      compute.disk,
      compute.vni,
      compute.snapshot,
      compute.rule,
      network.vpc,
      network.firewall,
      network.balancer,
      network.cluster,
      network.exchange,
      storage.bucket,
      storage.lifecycleRule,
    ] as Kind<unknown>[],
    /** Deleted in this order: what stands in a VPC or on a VM before them. */
    deleted: [
      compute.snapshot,
      compute.rule,
      network.balancer,
      network.cluster,
      network.exchange,
      network.credential,
      compute.vm,
      compute.disk,
      network.firewall,
      network.vpc,
      storage.key,
      storage.lifecycleRule,
      storage.bucket,
    ] as Kind<unknown>[],
  };
}

/** Changes the API offers that act on no seeded resource of the cloud estate, and why. */
const NOT_THE_ESTATE: [prefix: string, why: string][] = [
  ['/api/auth/', 'signing in'],
  ['/api/users/logout', 'signing out'],
  ['/api/client/', 'the account’s own details'],
  ['/api/iam/', 'the account’s users'],
  ['/api/api-keys', 'the users’ API keys: the account, not the cloud'],
  ['/api/register', 'registration'],
  ['/api/password/', 'passwords'],
  ['/api/ops/', 'the operations console'],
  ['/api/tickets', 'support tickets'],
  ['/api/orders', 'annual contracts: billing, not the cloud'],
  ['/api/data-store/', 'a storage contract: billing, not the cloud'],
  ['/api/alarms', 'the demo seeds no alarm'],
  ['/api/tags/', 'the portal’s labels: the cloud holds no tags'],
];
/** Creates of a seeded kind that act on no seeded row (those that do are steps). */
const NEW_ROWS: Record<string, string> = {
  'POST /api/disks': 'a new disk (a seeded VM takes a free one by link)',
  'POST /api/snapshot-rules': 'a new rule (a seeded VM joins one by add-vms)',
  'POST /api/snapshot-rules/protect':
    'the default rule, new, for unprotected VMs: the portal’s schedule, whose runs are walked on the seeded rules',
  'POST /api/vpcs': 'a new VPC (a route to a seeded one is demo-network-estate.test.ts)',
  'POST /api/firewalls': 'a new firewall',
  'POST /api/exchanges': 'a new connection',
  'POST /api/public-cloud-credentials': 'a new credential',
  'POST /api/ccx-clusters': 'a new cluster',
  'POST /api/balancers': 'a new load balancer',
  'POST /api/buckets': 'a new bucket',
};

beforeAll(async () => {
  // Instant and never failing by chance; the walk is more requests a minute than a person makes.
  t = await build({
    config: { simulatorTimeScale: 0, simulatorFailureRate: 0, rateLimitPerMinute: 100_000 },
  });
  const tenant = await t.createTenant();
  const clientId = tenant.client.id;
  const secrets = createSecretBox(await loadSecretKey(t.config.secretsKey, t.config.dataDir));
  await seedDemoEstate(t.db, clientId, { secrets, buckets: t.app.buckets });
  const api = tenantApi(t, await t.signIn(tenant.root, tenant.client));
  kinds = allKinds(api, clientId);
  walk = walker(t, api, clientId);
  await walk.start();
  for (const kind of kinds.walked) seeded.set(kind, (await kind.list()).map(kind.id));
}, 60_000);
afterAll(() => t.close());

describe('the demo’s estate in the cloud', () => {
  it('is in the cloud as the portal shows it, before anything is done', async () => {
    const problems: string[] = [];
    for (const kind of kinds.walked) {
      expect(seeded.get(kind)!.length, kind.type).toBeGreaterThan(0);
      for (const row of await kind.list())
        for (const p of await kind.cloud(row)) problems.push(`${kind.type} ${kind.id(row)}: ${p}`);
    }
    expect(problems).toEqual([]);
  });

  it('takes every action that applies to each seeded row, and the cloud does it', async () => {
    for (const kind of kinds.walked) for (const id of seeded.get(kind)!) await walk.walk(kind, id);
    expect(walk.report.problems).toEqual([]);
  }, 60_000);

  it('deletes everything, last: gone from the portal and from the cloud', async () => {
    const kept: string[] = [];
    for (const kind of kinds.deleted)
      for (const row of await kind.list()) {
        const why = await walk.remove(kind, row);
        if (why) kept.push(`${kind.type} ${kind.id(row)}: ${why}`);
      }
    expect(walk.report.problems).toEqual([]);
    // Root disks went with their VMs; nothing is left that could not be deleted.
    expect(kept).toEqual([]);
    for (const kind of kinds.deleted) expect(await kind.list(), kind.type).toEqual([]);
  }, 60_000);

  it('walked every change the API offers on the estate', () => {
    const offered = t.app.declaredRoutes
      .filter((r) => !['GET', 'HEAD'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !NOT_THE_ESTATE.some(([prefix]) => route.split(' ')[1]!.startsWith(prefix)));
    const stepped = new Set(
      [...kinds.walked, ...kinds.deleted].flatMap((k) => [...k.steps, ...(k.remove ? [k.remove] : [])]),
    );
    const known = new Set([...stepped].map((s) => s.route));
    expect(offered.filter((route) => !known.has(route) && !NEW_ROWS[route])).toEqual([]);
    // Each ran on some seeded row (a step that never applied would prove nothing).
    expect([...known].filter((route) => !walk.report.ran.has(route))).toEqual([]);
  });
});
