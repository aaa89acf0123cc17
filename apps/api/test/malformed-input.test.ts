import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, HTTP_ERROR_MSGS } from '@portal/shared';
import { seedDemoFleet } from '../src/modules/compute/demo-fleet.js';
import { seedDemoBalancers } from '../src/modules/network/balancer/demo-balancers.js';
import { seedDemoClusters } from '../src/modules/network/ccx/demo-ccx.js';
import { seedDemoExchanges } from '../src/modules/network/exchange/demo-exchanges.js';
import { seedDemoFirewalls } from '../src/modules/network/firewall/demo-firewalls.js';
import { seedDemoVpcs } from '../src/modules/network/vpc/demo-vpcs.js';
import { REGISTRATION_INFO } from '../src/modules/registration/registration-test-data.js';
import { isStaffAuthority } from '../src/platform/authority-guard.js';
import { createSecretBox, loadSecretKey } from '../src/platform/secret-box.js';
import { body, build, TEST_PASSWORD, type TestApp } from './build.js';

/**
 * Malformed input on every create and update body of the OpenAPI document: each POST, PUT, PATCH
 * and DELETE that takes JSON gets a body of the wrong type, then a valid body with one field (at
 * any depth) replaced by a value of the wrong type, by a malformed id where the field names a row,
 * and by text the database cannot store or that no field should take (100 kB). Each answer is a
 * 4xx with a code of the catalogue, never a 5xx, and nothing is stored. Paths name real rows of a
 * seeded tenant, so a body that gets past its schema meets the handler's queries.
 *
 * A valid body is written below per operation; an operation of the document without one fails
 * the test, so a new route is swept from the day it is added. A replaced field's refusal must name
 * only that field, which proves the rest of the body valid. Left out: the object upload
 * (`PUT /api/buckets/{name}/objects`), whose body is the file's bytes, not JSON.
 */
let t: TestApp;
let tokens: { root: string; staff: string };
let ids: Record<string, string>;
let bodies: Record<string, () => Record<string, unknown>>;

beforeAll(async () => {
  t = await build();
  const tenant = await t.createTenant();
  const clientId = tenant.client.id;
  tokens = {
    root: await t.signIn(tenant.root, tenant.client),
    staff: await t.signInStaff(await t.createStaff()),
  };

  // The demo customer's machines and networks, for this tenant.
  await seedDemoFleet(t.db, clientId);
  await seedDemoExchanges(
    t.db,
    clientId,
    createSecretBox(await loadSecretKey(t.config.secretsKey, t.config.dataDir)),
  );
  await seedDemoFirewalls(t.db, clientId);
  await seedDemoClusters(t.db, clientId);
  await seedDemoBalancers(t.db, clientId);
  await seedDemoVpcs(t.db, clientId);
  /** The ids of a table's rows of this tenant, oldest first. */
  const idsOf = async (table: string) => {
    const { rows } = await t.database.sqlExecutor.executeSql(
      `SELECT id FROM "${table}" WHERE client_id = $1 ORDER BY created_at, id`,
      [clientId],
    );
    if (rows.length === 0) throw new Error(`nothing seeded in ${table}`);
    return rows.map((r) => String(r.id));
  };
  const [vpc, otherVpc] = await idsOf('vpcs');
  ids = {
    vm: (await idsOf('vms'))[0]!,
    disk: (await idsOf('disks'))[0]!,
    vni: (await idsOf('vnis'))[0]!,
    snapshot: (await idsOf('snapshots'))[0]!,
    rule: (await idsOf('snapshot_rules'))[0]!,
    vpc: vpc!,
    otherVpc: otherVpc!,
    firewall: (await idsOf('firewalls'))[0]!,
    exchange: (await idsOf('cloud_exchanges'))[0]!,
    credential: (await idsOf('public_cloud_credentials'))[0]!,
    cluster: (await idsOf('ccx_clusters'))[0]!,
    balancer: (await idsOf('load_balancers'))[0]!,
    iam: (await t.createIam(tenant.client)).id,
    bucket: `sweep-${clientId.slice(0, 8)}`,
  };

  // What the seeds do not make, made as a customer and staff would.
  const made = async (url: string, payload: unknown, token = tokens.root) => {
    const response = await t.request('POST', url, { token, body: payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return body<{ data: Record<string, string> }>(response).data;
  };
  await made('/api/buckets', { name: ids.bucket });
  ids.lifecycle = (
    await made(`/api/buckets/${ids.bucket}/lifecycle-rules`, { prefix: 'logs/', expirationDays: 30 })
  ).id!;
  ids.alarm = (await made('/api/alarms', alarmBody())).uuid!;
  ids.ticket = (await made('/api/tickets', ticketBody())).uuid!;
  ids.announcement = (await made('/api/ops/announcements', announcementBody(), tokens.staff)).id!;
  // The fixture's own mail (the new ticket's) is in before the sweep compares the tables.
  await t.settled();

  bodies = validBodies();
}, 120_000);
afterAll(() => t.close());

const MINUTE = 60_000;
const alarmBody = () => ({
  alarmName: 'sweep',
  item: 'cpu',
  vmUuid: ids.vm,
  operator: '>',
  criticalNumber: 90,
  continuance: 5,
  coolDownTime: 10,
  emails: ['ops@example.com'],
});
const ticketBody = () => ({
  contactName: 'Sweep',
  contactMail: 'ops@example.com',
  vmId: ids.vm,
  ticketCode: 'vm',
  ticketRemark: 'It does not start.',
  attachmentIds: [],
});
const announcementBody = () => ({
  titleC: '維護',
  titleE: 'Maintenance',
  bodyC: '內容',
  bodyE: 'Body',
  level: 'info',
  startsAt: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
  endsAt: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(),
});
const captchaBody = () => ({ email: 'sweep@example.com', captchaId: randomUUID(), captcha: 'abcd' });
const firewallRule = {
  fwrDirection: 1,
  fwrIpVer: 1,
  fwrType: 1,
  fwrPort: '22',
  cidrDest: '10.0.0.0/24',
  fwrOperate: 1,
  remark: 'ssh',
};
const password = () => ({ currentPassword: TEST_PASSWORD });

/** A body each operation takes, keyed as `METHOD /path` of the OpenAPI document. */
function validBodies(): Record<string, () => Record<string, unknown>> {
  const registration = { ...REGISTRATION_INFO };
  return {
    'POST /api/auth/login': () => ({ account: 'nobody@example.com', password: 'Wrong-Passw0rd-2026!' }),
    'POST /api/auth/2fa/verify': () => ({ challenge: randomUUID(), tfa_code: '123456' }),
    'POST /api/auth/2fa/resend': () => ({ challenge: randomUUID() }),
    'PATCH /api/client/info': () => ({ twoFa: false, email: 'root@example.com' }),
    'POST /api/api-keys': () => ({ name: 'swept', expiresAt: new Date(Date.now() + 864e5).toISOString() }),
    'POST /api/iam/users': () => ({ account: 'sweeper', password: TEST_PASSWORD, roles: ['readOnly'] }),
    'PATCH /api/iam/users/{id}': () => ({
      roles: ['readOnly'],
      email: 'iam@example.com',
      enableTwoFactor: false,
    }),
    'DELETE /api/iam/users/{id}': password,
    'POST /api/iam/users/{id}/password': () => ({ password: TEST_PASSWORD, ...password() }),
    'POST /api/register': captchaBody,
    'PUT /api/register/info/{guid}': () => registration,
    'POST /api/register/info/{guid}/submit': () => registration,
    'POST /api/register/query': captchaBody,
    'POST /api/password/forget': captchaBody,
    'POST /api/password/reset/{guid}': () => ({ password: TEST_PASSWORD, confirm: TEST_PASSWORD }),
    'POST /api/password/set/{guid}': () => ({ password: TEST_PASSWORD, confirm: TEST_PASSWORD }),
    'POST /api/ops/login': () => ({ email: 'nobody@ops.example', password: 'Wrong-Passw0rd-2026!' }),
    'POST /api/ops/applications/{id}/deny': () => ({ reason: 'Documents unreadable' }),
    'POST /api/vms': () => ({
      name: 'sweep-vm',
      templateUUID: '6a1f0c1e-0000-4000-8000-000000000001',
      cpuCore: 2,
      ramSize: 4,
      rootDiskSize: 50,
      dataDisks: [{ diskSize: 100, diskSpeed: 1 }],
      vpcUuid: ids.vpc,
      firewallUuids: [ids.firewall],
      snapshotUuid: ids.snapshot,
    }),
    'PATCH /api/vms/{uuid}': () => ({ name: 'sweep-vm', enableStopProtection: false }),
    'DELETE /api/vms/{uuid}': () => ({ ...password(), deleteDataDisks: false }),
    'POST /api/disks': () => ({ diskName: 'sweep-disk', diskSize: 100, diskSpeed: 1, vmUuid: ids.vm }),
    'PATCH /api/disks/{uuid}': () => ({ diskName: 'sweep-disk', diskSize: 500 }),
    'DELETE /api/disks/{uuid}': password,
    'POST /api/disks/{uuid}/link': () => ({ vmUuid: ids.vm }),
    'PATCH /api/vnis/{uuid}': () => ({ cidrIpv4: '10.0.0.0/24', privateIpv4: '10.0.0.99' }),
    'POST /api/snapshots': () => ({ name: 'sweep-snap', vmUuid: ids.vm }),
    'DELETE /api/snapshots/{uuid}': password,
    'POST /api/snapshots/{uuid}/restore': password,
    'POST /api/snapshot-rules': () => ({
      policyName: 'sweep',
      policyCycle: 0,
      retainedQuantity: 3,
      vmUuids: [ids.vm],
    }),
    'PATCH /api/snapshot-rules/{uuid}': () => ({ policyName: 'sweep', vmUuids: [ids.vm] }),
    'POST /api/snapshot-rules/{uuid}/add-vms': () => ({ vmUuids: [ids.vm] }),
    'POST /api/snapshot-rules/protect': () => ({ vmUuids: [ids.vm] }),
    'POST /api/vpcs': () => ({
      netName: 'sweep-net',
      cidrIpv4: '172.16.0.0/16',
      bandwidthLimit: 100,
      routeLevel: 1,
      chargeMode: 1,
    }),
    'PATCH /api/vpcs/{uuid}': () => ({ netName: 'sweep-net', bandwidthLimit: 100 }),
    'DELETE /api/vpcs/{uuid}': password,
    'PUT /api/vpcs/{uuid}/routes': () => ({
      routes: [{ destination: '10.9.0.0/16', targetType: 3, target: ids.otherVpc }],
    }),
    'POST /api/firewalls': () => ({ name: 'sweep-fw', vpcUuid: ids.vpc, rules: [firewallRule] }),
    'PATCH /api/firewalls/{uuid}': () => ({ name: 'sweep-fw', rules: [firewallRule] }),
    'POST /api/firewalls/{uuid}/attach': () => ({ vmUuid: ids.vm }),
    'POST /api/firewalls/{uuid}/detach': () => ({ vmUuid: ids.vm }),
    'POST /api/exchanges': () => ({ ccxType: 1, vpcUuid: ids.vpc, pairKey: 'dxcon-fgq8x2mb' }),
    'DELETE /api/exchanges/{uuid}': password,
    'POST /api/public-cloud-credentials': () => ({
      type: 1,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    }),
    'DELETE /api/public-cloud-credentials/{uuid}': password,
    'POST /api/ccx-clusters': () => ({
      name: 'sweep-db',
      engine: 'postgresql',
      version: '16',
      nodeCount: 3,
      nodeSize: '2c4g',
      vpcUuid: ids.vpc,
    }),
    'DELETE /api/ccx-clusters/{uuid}': password,
    'POST /api/ccx-clusters/{uuid}/scale': () => ({ nodeCount: 5 }),
    'POST /api/balancers': () => ({
      lbType: 1,
      lbName: 'sweep-lb',
      lbProtocol: 'HTTP',
      lbPort: 8080,
      vpcUuid: ids.vpc,
      vmUuids: [ids.vm],
    }),
    'PATCH /api/balancers/{uuid}': () => ({ lbName: 'sweep-lb', lbPort: 8081, vmUuids: [ids.vm] }),
    'DELETE /api/balancers/{uuid}': password,
    'POST /api/buckets': () => ({ name: 'sweep-new-bucket', isPublic: false }),
    'PATCH /api/buckets/{name}': () => ({ isPublic: true }),
    'DELETE /api/buckets/{name}': password,
    'POST /api/buckets/{name}/empty': password,
    'POST /api/buckets/{name}/lifecycle-rules': () => ({ prefix: 'tmp/', expirationDays: 7, enabled: true }),
    'PATCH /api/buckets/{name}/lifecycle-rules/{id}': () => ({ prefix: 'tmp/', expirationDays: 7 }),
    'POST /api/bucket-keys': () => ({ name: 'sweep-key', bucketName: ids.bucket }),
    'POST /api/buckets/{name}/folders': () => ({ prefix: 'docs/', name: 'sweep' }),
    'POST /api/buckets/{name}/objects/rename': () => ({ key: 'docs/a.txt', newName: 'b.txt' }),
    'POST /api/buckets/{name}/objects/transfer': () => ({
      keys: ['docs/a.txt'],
      destination: 'old/',
      mode: 'copy',
    }),
    'POST /api/buckets/{name}/objects/delete': () => ({ keys: ['docs/a.txt'] }),
    'POST /api/buckets/{name}/objects/presign': () => ({ key: 'docs/a.txt', expiresMinutes: 10 }),
    'POST /api/alarms': alarmBody,
    'PATCH /api/alarms/{uuid}': alarmBody,
    'PATCH /api/data-store/contract': () => ({ autoExtend: true }),
    'POST /api/data-store/purchases': () => ({ commitGb: 1000, months: 12, autoExtend: false }),
    'POST /api/orders': () => ({ vmId: ids.vm, months: 12, autoRenew: false, ...password() }),
    'POST /api/orders/{id}/cancel': password,
    'POST /api/tickets': ticketBody,
    'POST /api/tickets/{uuid}/reply': () => ({ text: 'Still down.', attachmentIds: [] }),
    'POST /api/ops/tickets/{id}/answer': () => ({ text: 'Looking.', status: 'PROCESS', attachmentIds: [] }),
    'POST /api/ops/announcements': announcementBody,
    'PUT /api/ops/announcements/{id}': announcementBody,
    'POST /api/ops/clients/{id}/suspend': () => ({ reason: 'Payment more than 3 days late' }),
    'PUT /api/tags/{type}/{resId}': () => ({ tags: [{ key: 'env', value: 'prod' }] }),
  };
}

/** The row a path parameter names, by the collection before it; anything else a random UUID. */
function concreteUrl(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment.startsWith('{')) return segment;
      const before = segments[i - 1];
      if (before === 'tags') return 'vms';
      if (segments[i - 2] === 'tags') return ids.vm;
      const id = {
        vms: ids.vm,
        disks: ids.disk,
        vnis: ids.vni,
        snapshots: ids.snapshot,
        'snapshot-rules': ids.rule,
        vpcs: ids.vpc,
        firewalls: ids.firewall,
        exchanges: ids.exchange,
        'public-cloud-credentials': ids.credential,
        'ccx-clusters': ids.cluster,
        balancers: ids.balancer,
        buckets: ids.bucket,
        'lifecycle-rules': ids.lifecycle,
        alarms: ids.alarm,
        tickets: ids.ticket,
        users: ids.iam,
        announcements: ids.announcement,
      }[before ?? ''];
      return id ?? randomUUID();
    })
    .join('/');
}

interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The JSON types a schema takes (empty: any). */
function typesOf(schema: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  for (const type of [schema.type ?? []].flat()) out.add(type === 'integer' ? 'number' : type);
  if (schema.nullable) out.add('null');
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    for (const type of typesOf(part)) out.add(type);
  return out;
}

/** The schema of a property, looked for in every branch of a union. */
function propertyOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties?.[key]) return schema.properties[key];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = propertyOf(part, key);
    if (found) return found;
  }
  return undefined;
}

const itemsOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.items ?? [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].map(itemsOf).find(Boolean);

/**
 * Values of the wrong type for a field that takes `types`: a structure (an object, or a list where
 * objects are taken) and a scalar of another type. Two, not one of each type: the sweep is some
 * thousand requests as it is.
 */
function wrongTypes(types: Set<string>, key: string): unknown[] {
  const structure = types.has('object') ? ['x'] : { x: 1 };
  const scalar = (['x', 7, true] as const).find(
    (v) => !types.has(typeof v) && !(typeof v === 'number' && TAKES_A_NUMBER.has(key)),
  );
  return scalar === undefined ? [structure] : [structure, scalar];
}
const MALFORMED_IDS = ['not-a-uuid', '1', "'; DROP TABLE x;--"];
/** Text no field takes: a NUL or a lone surrogate (the fields take turns), and 100 kB. */
const hostile = (turn: number) => [turn % 2 === 0 ? 'a\u0000b' : 'a\ud800b', 'x'.repeat(100_000)];

/**
 * Fields naming a row of our database. A field called `...Id`, `...Uuid` (or a list of them) is
 * one, but for these: ids of another system, each with its own format, or a host's name.
 */
const NOT_ROW_IDS = new Set([
  'hypervisorId',
  'accessKeyId',
  'applicationId',
  'directoryId',
  'subscriptionId',
]);
const namesRow = (key: string, schema: JsonSchema | undefined) =>
  schema?.format === 'uuid' ||
  itemsOf(schema)?.format === 'uuid' ||
  (/(Id|Ids|Uuid|Uuids|UUID)$/.test(key) && !NOT_ROW_IDS.has(key));

/**
 * Rules across fields: a bad value here may be reported on the other field too (a password and its
 * confirmation, an announcement's start and end).
 */
const ALSO_REPORTED: Record<string, string> = { password: 'confirm', startsAt: 'endsAt' };
/** A port typed in a number field may come as a number (firewallRuleInputSchema). */
const TAKES_A_NUMBER = new Set(['fwrPort']);

interface Variant {
  what: string;
  payload: unknown;
  /** The field whose value was replaced; a refusal of the schema names only it. */
  field?: string;
}

/** The body with the value at `path` replaced. */
function replaced(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) return base.map((item, i) => (i === head ? replaced(item, rest, value) : item));
  const object = base as Record<string, unknown>;
  return { ...object, [head!]: replaced(object[head!], rest, value) };
}

/** Every variant of a valid body: the whole of the wrong type, then each field at any depth replaced. */
function variants(base: Record<string, unknown>, schema: JsonSchema): Variant[] {
  const out: Variant[] = [[], 'x', 7, null].map((payload) => ({
    what: `body ${JSON.stringify(payload)}`,
    payload,
  }));
  const add = (path: (string | number)[], wrong: unknown) =>
    out.push({
      what: `${path.join('.')} = ${JSON.stringify(wrong).slice(0, 40)}`,
      payload: replaced(base, path, wrong),
      field: path.join('.'),
    });
  let turn = 0;
  const visit = (value: unknown, at: JsonSchema | undefined, path: (string | number)[], key: string) => {
    const types = typesOf(at);
    if (types.size > 0) for (const wrong of wrongTypes(types, key)) add(path, wrong);
    // A list with items is swept through its first item; an empty one takes a list of the value.
    const whole = (v: unknown) => (types.has('array') ? [v] : v);
    const listed = Array.isArray(value) && value.length > 0;
    if (namesRow(key, at) && !listed) for (const id of MALFORMED_IDS) add(path, whole(id));
    const text = types.has('string') || (types.has('array') && typesOf(itemsOf(at)).has('string'));
    if (text && !listed) for (const wrong of hostile(turn++)) add(path, whole(wrong));
    if (listed) visit(value[0], itemsOf(at), [...path, 0], key);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value)) visit(v, propertyOf(at, k), [...path, k], k);
  };
  for (const [key, value] of Object.entries(base)) visit(value, propertyOf(schema, key), [key], key);
  return out;
}

/** Count and checksum of every table that a refused request must leave alone. */
async function fingerprint(): Promise<Record<string, string>> {
  const sql = t.database.sqlExecutor;
  const { rows } = await sql.executeSql(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rows.map((r) => String(r.name)).filter((name) => !CHANGED_BY_A_REFUSAL.has(name));
  const query = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS sum FROM "${name}" x`,
    )
    .join(' UNION ALL ');
  const result = await sql.executeSql(query);
  return Object.fromEntries(result.rows.map((r) => [String(r.name), String(r.sum)]));
}
/** What a refusal writes by design: its audit record, and the session's last use. */
const CHANGED_BY_A_REFUSAL = new Set(['audit_log', 'staff_audit_events', 'sessions', 'staff_sessions']);

type Operation = { key: string; path: string; method: string; schema?: JsonSchema; query: string[] };
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the running app's OpenAPI document. */
function operationsOf(app: TestApp['app']): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method: method.toUpperCase(),
      schema: op.requestBody?.content?.['application/json']?.schema,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

let requests = 0;
/** A call as the caller the route lets in: no one (public), a staff member, or the tenant's root. */
function send(operation: Operation, url: string, payload?: unknown) {
  const declared = t.app.declaredRoutes.find(
    (r) => r.method === operation.method && r.url === operation.path.replace(/\{(\w+)\}/g, ':$1'),
  );
  const authority = declared?.authority ?? null;
  const token = authority === null ? undefined : isStaffAuthority(authority) ? tokens.staff : tokens.root;
  const n = requests++;
  return t.app.inject({
    method: operation.method as 'POST',
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    // An address per request: the sweep is more requests than one address may make a minute. The
    // development routes answer this machine only.
    remoteAddress: url.startsWith('/api/dev/') ? '127.0.0.1' : `10.7.${Math.floor(n / 250)}.${n % 250}`,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      // Purchases carry one (money is never doubled); other routes ignore it.
      'idempotency-key': randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** What is wrong with an answer to malformed input: anything but a 4xx with a code of the catalogue. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500 || response.statusCode < 400) return `status ${response.statusCode}`;
  const { msg, errors = [] } = body(response);
  const codes: readonly string[] = [...ERROR_CODES, ...HTTP_ERROR_MSGS];
  if (!codes.includes(msg ?? '') || msg === 'INTERNAL_ERROR') return `msg ${msg}`;
  // Every field problem is a message key the web translates, never a validator's own English.
  const raw = errors.filter((e) => !isMessageKey(e.message));
  return raw.length > 0 ? `untranslatable ${JSON.stringify(raw)}` : null;
}

/** Every key of the web's English messages, `namespace.path` (the locale test keeps zh-TW alike). */
const MESSAGE_KEYS: ReadonlySet<string> = (() => {
  const dir = fileURLToPath(new URL('../../web/src/locales/en/', import.meta.url));
  const keys = new Set<string>();
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') keys.add(prefix);
    else for (const [k, v] of Object.entries(node as object)) walk(`${prefix}.${k}`, v);
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    walk(file.slice(0, -'.json'.length), JSON.parse(readFileSync(`${dir}${file}`, 'utf8')));
  }
  return keys;
})();
const isMessageKey = (message: string) => MESSAGE_KEYS.has(message);

const MALFORMED_ID = 'not-a-uuid';
/**
 * Query parameters named like a row's id that are not one: an audit record's target may be a
 * bucket's name or an order's number; a product is known by its number.
 */
const NOT_ROW_ID_QUERIES = new Set(['targetId', 'productId']);

describe('malformed input', () => {
  let operations: Operation[];
  beforeAll(() => {
    operations = operationsOf(t.app);
  });

  it('has a valid body for every operation that takes JSON', () => {
    const withBody = operations.filter((o) => o.schema && o.method !== 'GET');
    expect(withBody.length).toBeGreaterThan(60);
    expect(withBody.map((o) => o.key).filter((key) => !bodies[key])).toEqual([]);
  });

  it('in a body: 4xx with a code, and nothing stored', async () => {
    const failures: string[] = [];
    let before = await fingerprint();
    for (const operation of operations.filter((o) => o.schema && o.method !== 'GET')) {
      const url = concreteUrl(operation.path);
      for (const variant of variants(bodies[operation.key]!(), operation.schema!)) {
        const response = await send(operation, url, variant.payload);
        // A refusal names the replaced field, one it is part of, or one a rule across fields ties to it.
        const named = (path: string) =>
          path === variant.field ||
          path.startsWith(`${variant.field}.`) ||
          variant.field!.startsWith(`${path}.`) ||
          path === ALSO_REPORTED[variant.field!.split('.').at(-1)!];
        const problem =
          problemOf(response) ??
          (variant.field && body(response).errors?.some((e) => !named(e.path))
            ? `the valid rest refused: ${JSON.stringify(body(response).errors)}`
            : null);
        if (problem)
          failures.push(`${operation.key} ${variant.what}: ${problem} ${response.body.slice(0, 200)}`);
      }
      const after = await fingerprint();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) failures.push(`${operation.key} stored something in ${changed.join(', ')}`);
      before = after;
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('in a path: 4xx with a code on every route, with a valid body where it takes one', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.path.includes('{'))) {
      const params = operation.path.match(/\{\w+\}/g)!;
      for (const param of params) {
        const url = concreteUrl(operation.path.replace(param, MALFORMED_ID));
        const response = await send(operation, url, bodies[operation.key]?.());
        const problem = problemOf(response);
        if (problem)
          failures.push(
            `${operation.key} ${param} = ${MALFORMED_ID}: ${problem} ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('in a query: a filter naming a row answers 400 when it is not an id', async () => {
    const failures: string[] = [];
    const filters = operations.flatMap((o) =>
      o.query.filter((q) => namesRow(q, undefined) && !NOT_ROW_ID_QUERIES.has(q)).map((q) => [o, q] as const),
    );
    expect(filters.map(([o, q]) => `${o.key}?${q}`)).toContain('GET /api/disks?vmUuid');
    for (const [operation, query] of filters) {
      for (const id of MALFORMED_IDS) {
        const url = `${concreteUrl(operation.path)}?${query}=${encodeURIComponent(id)}`;
        const response = await send(operation, url);
        const problem = response.statusCode === 400 ? problemOf(response) : `status ${response.statusCode}`;
        if (problem)
          failures.push(`${operation.key}?${query}=${id}: ${problem} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
