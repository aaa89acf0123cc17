import { randomUUID } from 'node:crypto';
import { seedDemoEstate } from '../src/seed/demo-estate.js';
import { isStaffAuthority, type DeclaredRoute } from '../src/platform/authority-guard.js';
import { createSecretBox, loadSecretKey } from '../src/platform/secret-box.js';
import { body, build, TEST_PASSWORD, type Tenant, type TestApp } from './build.js';
import { confirmed, tenantApi, type TenantApi } from './estate-walk.js';
import { settled } from './operations.js';
import { multipart, PNG } from './uploads.js';

/**
 * What the walks of test/tenant-walk.test.ts and test/authority-walk.test.ts need to know of each
 * kind of row the API names in a path (`/api/<kind>/:id...`, found from the declared routes): how
 * to find one of a tenant's, a change each route accepts, and the authority leaf the kind is
 * under. A kind or a change missing here fails both walks with what to add.
 */

/** One row of a tenant: its path parameters (`uuid`, `name`, `id`...) and anything its calls use. */
export type Row = Record<string, string>;

/** The caller's own rows a body may name (a change is refused for naming another tenant's). */
export interface Mine {
  vm: string;
}

/** A request's parts besides its path: a body that passes the route's validation, or a query. */
export interface Call {
  body?: unknown;
  query?: string;
  /** A body sent as it is (an object upload), with its content type. */
  raw?: { payload: string; contentType: string };
}

export interface RowSample {
  /**
   * The authority leaf of the kind (spec section 6): its view reads, `<leaf>/manage` changes. A
   * kind under more than one says why it is left to route-authority.test.ts.
   */
  leaf: string | { none: string };
  /** One of the tenant's rows of the kind, as `api` (the tenant's root) finds it. */
  row(api: TenantApi): Promise<Row>;
  /**
   * The caller's own row of the kind, for the routes that name a second row under it (a bucket's
   * lifecycle rule): the walk names the other tenant's second row under the caller's first too.
   */
  mine?(api: TenantApi): Promise<Row>;
  /** By declared route (`POST /api/disks/:uuid/link`): every change, and the reads that need a query. */
  calls: Record<string, (row: Row, mine: Mine) => Call>;
}

const none = (): Call => ({});
const confirm = (): Call => ({ body: confirmed() });
const named = (field: string) => (): Call => ({ body: { [field]: 'walked-by-another' } });

/** The first of the tenant's rows listed at `url`, read by `field` into the parameter `param`. */
const first =
  (url: string, field: string, param = 'uuid', more: string[] = []) =>
  async (api: TenantApi): Promise<Row> => {
    const [record] = await api.records<Record<string, unknown>>(url);
    if (!record) throw new Error(`The tenant has no row at ${url}: the seed should make one`);
    return Object.fromEntries([param, ...more].map((key, i) => [key, String(record[i ? key : field])]));
  };

/** A bucket of the tenant with a lifecycle rule and a file, and the two. */
async function bucketRow(api: TenantApi): Promise<Row> {
  for (const bucket of await api.records<{ name: string; isPublic: boolean }>('/api/buckets?limit=0')) {
    const [rule] = await api.records<{ id: string }>(`/api/buckets/${bucket.name}/lifecycle-rules`);
    const page = await api.read<{ entries: { key: string; type: string }[] }>(
      `/api/buckets/${bucket.name}/objects?limit=1000`,
    );
    const file = page?.entries.find((e) => e.type === 'file');
    if (rule && file)
      return { name: bucket.name, id: rule.id, key: file.key, isPublic: String(bucket.isPublic) };
  }
  throw new Error('The tenant has no bucket with a lifecycle rule and a file: the demo seed should');
}

/** The tenant's ticket with a file, and the file. */
async function ticketRow(api: TenantApi): Promise<Row> {
  const [ticket] = await api.records<{ uuid: string }>('/api/tickets');
  if (!ticket) throw new Error('The tenant has no ticket: seedEveryKind should make one');
  const detail = await api.read<{ attachments: { id: string }[] }>(`/api/tickets/${ticket.uuid}`);
  const [file] = detail?.attachments ?? [];
  if (!file) throw new Error('The tenant’s ticket has no file: seedEveryKind should send one');
  return { uuid: ticket.uuid, attachmentId: file.id };
}

/** The operation each walked tenant started while seeded (a VM's stop), by the tenant's api. */
const operationOf = new WeakMap<TenantApi, string>();

export const ROW_SAMPLES: Record<string, RowSample> = {
  '/api/api-keys': {
    leaf: { none: 'every signed-in user holds their own keys, in the console only: test/api-keys.test.ts' },
    row: async (api) => {
      const [key] = (await api.read<{ id: string }[]>('/api/api-keys')) ?? [];
      if (!key) throw new Error('The tenant has no API key: seedEveryKind should make one');
      return { id: key.id };
    },
    calls: { 'DELETE /api/api-keys/:id': none },
  },
  '/api/operations': {
    leaf: { none: 'an operation is seen by whoever sees its kind of resource: test/api-keys.test.ts' },
    row: async (api) => ({ id: operationOf.get(api)! }),
    calls: {},
  },
  '/api/iam/users': {
    leaf: 'iam/user',
    row: first('/api/iam/users?limit=0', 'id', 'id'),
    calls: {
      'PATCH /api/iam/users/:id': () => ({ body: { roles: ['administrator'] } }),
      'DELETE /api/iam/users/:id': confirm,
      'POST /api/iam/users/:id/lock': none,
      'POST /api/iam/users/:id/unlock': none,
      'POST /api/iam/users/:id/password': () => ({ body: confirmed({ password: 'Walked-Passw0rd-2026!' }) }),
    },
  },
  '/api/vms': {
    leaf: 'compute/vm',
    row: first('/api/vms?limit=0', 'uuid'),
    calls: {
      'PATCH /api/vms/:uuid': named('name'),
      'DELETE /api/vms/:uuid': () => ({ body: confirmed({ deleteDataDisks: true }) }),
      'POST /api/vms/:uuid/start': none,
      'POST /api/vms/:uuid/stop': none,
      'POST /api/vms/:uuid/force-stop': none,
      'POST /api/vms/:uuid/reboot': none,
      'POST /api/vms/:uuid/console': none,
    },
  },
  '/api/disks': {
    leaf: 'compute/disk',
    row: first('/api/disks?limit=0', 'uuid'),
    calls: {
      'PATCH /api/disks/:uuid': named('diskName'),
      'DELETE /api/disks/:uuid': confirm,
      'POST /api/disks/:uuid/link': (_, mine) => ({ body: { vmUuid: mine.vm } }),
      'POST /api/disks/:uuid/unlink': none,
    },
  },
  '/api/vnis': {
    leaf: 'network/vni',
    row: first('/api/vnis?limit=0', 'vniUuid', 'uuid', ['vpcCidrIpv4']),
    calls: {
      // A segment of the row's VPC (a.b.0.0/16): a.b.200.0/24, the interface at .10 of it.
      'PATCH /api/vnis/:uuid': (row) => {
        const net = row.vpcCidrIpv4!.split('.').slice(0, 2).join('.');
        return { body: { cidrIpv4: `${net}.200.0/24`, privateIpv4: `${net}.200.10` } };
      },
    },
  },
  '/api/snapshots': {
    leaf: 'compute/snapshot',
    row: first('/api/snapshots?limit=0', 'uuid'),
    calls: {
      'DELETE /api/snapshots/:uuid': confirm,
      'POST /api/snapshots/:uuid/restore': confirm,
    },
  },
  '/api/snapshot-rules': {
    leaf: 'compute/snapshot',
    row: first('/api/snapshot-rules?limit=0', 'uuid'),
    calls: {
      'PATCH /api/snapshot-rules/:uuid': named('policyName'),
      'DELETE /api/snapshot-rules/:uuid': none,
      'POST /api/snapshot-rules/:uuid/add-vms': (_, mine) => ({ body: { vmUuids: [mine.vm] } }),
    },
  },
  '/api/vpcs': {
    leaf: 'network/vpc',
    row: first('/api/vpcs?limit=0', 'netUuid'),
    calls: {
      'PATCH /api/vpcs/:uuid': named('netName'),
      'DELETE /api/vpcs/:uuid': confirm,
      'PUT /api/vpcs/:uuid/routes': () => ({ body: { routes: [] } }),
    },
  },
  '/api/firewalls': {
    leaf: 'network/firewall',
    row: first('/api/firewalls?limit=0', 'firewallUuid'),
    calls: {
      'PATCH /api/firewalls/:uuid': named('name'),
      'DELETE /api/firewalls/:uuid': none,
      'POST /api/firewalls/:uuid/attach': (_, mine) => ({ body: { vmUuid: mine.vm } }),
      'POST /api/firewalls/:uuid/detach': (_, mine) => ({ body: { vmUuid: mine.vm } }),
    },
  },
  '/api/exchanges': {
    leaf: 'network/exCloud',
    row: first('/api/exchanges?limit=0', 'uuid'),
    calls: {
      'DELETE /api/exchanges/:uuid': confirm,
      'POST /api/exchanges/:uuid/order': none,
    },
  },
  '/api/public-cloud-credentials': {
    leaf: 'network/exCloud',
    row: first('/api/public-cloud-credentials?limit=0', 'uuid'),
    calls: { 'DELETE /api/public-cloud-credentials/:uuid': confirm },
  },
  '/api/ccx-clusters': {
    leaf: 'network/ccx',
    row: first('/api/ccx-clusters?limit=0', 'uuid', 'uuid', ['nodeCount']),
    calls: {
      'DELETE /api/ccx-clusters/:uuid': confirm,
      // A database cluster takes 1 or 3 nodes (Kubernetes 1 to 10): the other of the two.
      'POST /api/ccx-clusters/:uuid/scale': (row) => ({ body: { nodeCount: row.nodeCount === '3' ? 1 : 3 } }),
    },
  },
  '/api/balancers': {
    leaf: 'network/balancer',
    row: first('/api/balancers?limit=0', 'uuid'),
    calls: {
      'PATCH /api/balancers/:uuid': named('lbName'),
      'DELETE /api/balancers/:uuid': confirm,
    },
  },
  '/api/buckets': {
    leaf: 'storage/bucket',
    row: bucketRow,
    mine: async (api) => ({ name: (await api.records<{ name: string }>('/api/buckets'))[0]!.name }),
    calls: {
      'PATCH /api/buckets/:name': (row) => ({ body: { isPublic: row.isPublic !== 'true' } }),
      'DELETE /api/buckets/:name': confirm,
      'POST /api/buckets/:name/empty': confirm,
      'POST /api/buckets/:name/lifecycle-rules': () => ({ body: { prefix: 'walked/', expirationDays: 1 } }),
      'PATCH /api/buckets/:name/lifecycle-rules/:id': () => ({
        body: { prefix: 'walked/', expirationDays: 1 },
      }),
      'DELETE /api/buckets/:name/lifecycle-rules/:id': none,
      'GET /api/buckets/:name/objects/download': (row) => ({ query: `key=${encodeURIComponent(row.key!)}` }),
      'POST /api/buckets/:name/folders': () => ({ body: { prefix: '', name: 'walked' } }),
      'POST /api/buckets/:name/objects/rename': (row) => ({ body: { key: row.key, newName: 'walked.txt' } }),
      'POST /api/buckets/:name/objects/transfer': (row) => ({
        body: { keys: [row.key], destination: 'walked/', mode: 'move' },
      }),
      'POST /api/buckets/:name/objects/delete': (row) => ({ body: { keys: [row.key] } }),
      'POST /api/buckets/:name/objects/presign': (row) => ({ body: { key: row.key, expiresMinutes: 5 } }),
      'PUT /api/buckets/:name/objects': (row) => ({
        query: `key=${encodeURIComponent(row.key!)}`,
        raw: { payload: 'walked', contentType: 'text/plain' },
      }),
    },
  },
  '/api/bucket-keys': {
    leaf: 'storage/bucket',
    row: first('/api/bucket-keys?limit=0', 'id', 'id'),
    calls: { 'DELETE /api/bucket-keys/:id': confirm },
  },
  '/api/alarms': {
    leaf: 'monitor/alarm',
    row: first('/api/alarms?limit=0', 'uuid'),
    calls: {
      'PATCH /api/alarms/:uuid': named('alarmName'),
      'DELETE /api/alarms/:uuid': none,
      'POST /api/alarms/:uuid/trigger': none,
    },
  },
  '/api/orders': {
    leaf: { none: 'its list needs myAccount/orderManage and a row myAccount/orderHistory' },
    row: first('/api/orders?limit=0', 'id', 'id'),
    calls: { 'POST /api/orders/:id/cancel': confirm },
  },
  '/api/tickets': {
    leaf: 'myAccount/myTicket',
    row: ticketRow,
    mine: async (api) => ({ uuid: (await api.records<{ uuid: string }>('/api/tickets'))[0]!.uuid }),
    calls: {
      'POST /api/tickets/:uuid/reply': () => ({ body: { text: 'Walked by another tenant.' } }),
      'POST /api/tickets/:uuid/close': none,
    },
  },
  '/api/metrics/vms': {
    leaf: 'monitor/usage',
    row: first('/api/metrics/vms?limit=0', 'uuid', 'vmId'),
    calls: {},
  },
};

/** Path prefixes with a parameter that names no row of a tenant, and why. */
export const NOT_ROWS: Record<string, string> = {
  '/api/public-clouds': 'its `:type` is a kind of public cloud, not a row',
  '/api/tags': 'the tags of every kind: walked with each kind’s row',
};

/** A ticket as a customer opens one, about `vm`. */
export const ticketBody = (vm: string, attachmentIds: string[] = []) => ({
  contactName: 'Walker',
  contactMail: 'walker@example.com',
  contactMobile: '0912345678',
  contactPhone: '0223456789',
  vmId: vm,
  ticketCode: 'vm',
  ticketRemark: 'Walked.',
  attachmentIds,
});

async function made(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300) throw new Error(`Making ${what}: ${response.statusCode} ${response.body}`);
  return body<{ data: Record<string, unknown> }>(response as never).data;
}

/**
 * A tenant with a row of every kind: the demo's estate as the server seeds it, and through the API
 * what it lacks (an IAM user, an alarm, a ticket with a file, an annual order, a bucket key).
 */
async function seedEveryKind(t: TestApp): Promise<Tenant & { api: TenantApi; token: string; mine: Mine }> {
  const tenant = await t.createTenant();
  const secrets = createSecretBox(await loadSecretKey(t.config.secretsKey, t.config.dataDir));
  await seedDemoEstate(t.db, tenant.client.id, { secrets, buckets: t.app.buckets });
  await t.createIam(tenant.client, { roles: ['readOnly'] });
  const token = await t.signIn(tenant.root, tenant.client);
  const api = tenantApi(t, token);
  const send = (method: 'POST', url: string, options: { body?: unknown; headers?: Record<string, string> }) =>
    t.request(method, url, { token, ...options });
  const vms = await api.records<{ uuid: string; status: number }>('/api/vms?limit=0');
  const vm = vms[0]!.uuid;
  await made(
    await send('POST', '/api/alarms', {
      body: {
        alarmName: 'walked',
        kind: 'metric',
        vmUuid: vm,
        item: 'cpu',
        operator: '>',
        criticalNumber: 80,
        continuance: 3,
        coolDownTime: 10,
        emails: ['walker@example.com'],
      },
    }),
    'an alarm',
  );
  const file = await made(
    await send('POST', '/api/tickets/attachments', multipart('screen.png', PNG, 'image/png')),
    'a ticket file',
  );
  await made(await send('POST', '/api/tickets', { body: ticketBody(vm, [String(file.id)]) }), 'a ticket');
  await made(await send('POST', '/api/bucket-keys', { body: { name: 'walked', bucketName: null } }), 'a key');
  await made(
    await send('POST', '/api/api-keys', {
      body: { name: 'walked', expiresAt: new Date(t.clock.now().getTime() + 864e5).toISOString() },
    }),
    'an API key',
  );
  const running = vms.find((v) => v.status === 1);
  const stop = running && (await send('POST', `/api/vms/${running.uuid}/stop`, {}));
  const operation = stop?.headers['x-operation-id'];
  if (typeof operation !== 'string') throw new Error(`No VM of the demo could be stopped: ${stop?.body}`);
  operationOf.set(api, operation);
  const problems: string[] = [];
  for (const candidate of vms) {
    const order = await send('POST', '/api/orders', {
      headers: { 'idempotency-key': randomUUID() },
      body: { vmId: candidate.uuid, months: 12, autoRenew: false, currentPassword: TEST_PASSWORD },
    });
    if (order.statusCode < 300) {
      // Nothing left running that would change a row while a walk reads it.
      await settled(t);
      await t.settled();
      return { ...tenant, api, token, mine: { vm } };
    }
    problems.push(order.body);
  }
  throw new Error(`No VM of the demo could be made annual: ${problems.join('; ')}`);
}

/** A kind of row named in paths: its prefix and the customer routes at or under it. */
export interface RowKind {
  prefix: string;
  /** Every route of the kind: its list and creates as well as those naming a row. */
  routes: DeclaredRoute[];
  /** The routes that name a row (`/api/disks/:uuid`, `/api/buckets/:name/lifecycle-rules/:id`). */
  named: DeclaredRoute[];
}

export const routeKey = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/**
 * The kinds of row the API names in its paths, from its declared routes: every customer route
 * with a path parameter belongs to the kind its path starts with (the part before the parameter).
 */
function rowKinds(declared: readonly DeclaredRoute[]): RowKind[] {
  const customer = declared.filter(
    (r) => r.method !== 'HEAD' && r.authority !== null && !isStaffAuthority(r.authority),
  );
  const prefixOf = (url: string) => url.slice(0, url.indexOf('/:'));
  const prefixes = new Set(customer.filter((r) => r.url.includes('/:')).map((r) => prefixOf(r.url)));
  return [...prefixes]
    .filter((prefix) => !NOT_ROWS[prefix])
    .sort()
    .map((prefix) => {
      const routes = customer.filter((r) => r.url === prefix || r.url.startsWith(`${prefix}/`));
      return { prefix, routes, named: routes.filter((r) => r.url.includes('/:')) };
    });
}

/** What a kind lacks in ROW_SAMPLES for the walks, as lines saying what to add. */
export function missingSamples(kinds: RowKind[]): string[] {
  return kinds.flatMap(({ prefix, routes }) => {
    const sample = ROW_SAMPLES[prefix];
    if (!sample)
      return [
        `${prefix}: add ROW_SAMPLES['${prefix}'] to test/row-samples.ts (its authority leaf, how to find a tenant's row, a body for each change)`,
      ];
    return routes
      .filter((r) => r.url.includes('/:') && r.method !== 'GET' && !sample.calls[routeKey(r)])
      .map((r) => `${routeKey(r)}: add a body that passes its validation to ROW_SAMPLES['${prefix}'].calls`);
  });
}

/** The route's path with the row's parameters in it. */
export function pathOf(url: string, row: Row): string {
  return url.replace(/:(\w+)/g, (_, param: string) => {
    const value = row[param];
    if (value === undefined) throw new Error(`${url}: the sample's row has no "${param}"`);
    return encodeURIComponent(value);
  });
}

/** The app of a walk (the cloud instant and never failing, no rate limit), its kinds, and tenant A. */
export async function startWalk() {
  const t = await build({
    config: { simulatorTimeScale: 0, simulatorFailureRate: 0, rateLimitPerMinute: 100_000 },
  });
  return { t, kinds: rowKinds(t.app.declaredRoutes), a: await seedEveryKind(t) };
}
