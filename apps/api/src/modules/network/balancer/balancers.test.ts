import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LbStatus, type Balancer, type Vm } from '@portal/shared';
import { body, build, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import { standingVpc } from '../../../../test/standing-vpc.js';
import { settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';
import { auditLog, loadBalancers, operations, simTasks } from '../../../db/schema/index.js';
import { createSecretBox } from '../../../platform/secret-box.js';
import { keyContext } from './certificate.js';
import { encryptedKey, makeCertificate, type TestCertificate } from './test-certificates.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';
const DAY = 86_400_000;
const SECRETS = Buffer.from('a-test-secrets-key-of-enough-length-0123456789');

let t: TestApp;
let tenant: Tenant;
let token: string;
let vpcUuid: string;
let otherVpcUuid: string;
let web1: Vm;
let web2: Vm;
let elsewhere: Vm;
let shop: TestCertificate;

beforeAll(async () => {
  t = await build({ secrets: createSecretBox(SECRETS) });
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  vpcUuid = await newVpc(tenant.client.id, '10.0.0.0/16');
  otherVpcUuid = await newVpc(tenant.client.id, '10.9.0.0/16');
  web1 = await vm('web-1', vpcUuid);
  web2 = await vm('web-2', vpcUuid);
  elsewhere = await vm('other-vpc', otherVpcUuid);
  shop = makeCertificate(['shop.example.com', 'www.shop.example.com']);
});
afterAll(() => t.close());

/** A VPC of the tenant's, as the network pages would have made it. */
const newVpc = async (clientId: string, cidrIpv4: string) =>
  (await standingVpc(t.db, clientId, { cidrIpv4, cidrIpv6: '-1' })).id;
async function vm(name: string, vpc: string, as = token): Promise<Vm> {
  const created = ok<Vm>(
    await t.request('POST', '/api/vms', {
      token: as,
      body: { name, templateUUID: UBUNTU, cpuCore: 2, ramSize: 4, rootDiskSize: 50, vpcUuid: vpc },
    }),
  );
  await settled(t);
  return created;
}
const http = (extra: Record<string, unknown> = {}) => ({
  lbType: 1,
  lbName: 'web',
  lbProtocol: 'HTTP',
  lbPort: 80,
  vpcUuid,
  vmUuids: [web1.uuid],
  ...extra,
});
const https = (certificate: TestCertificate = shop, extra: Record<string, unknown> = {}) =>
  http({
    lbProtocol: 'HTTPS',
    lbPort: 443,
    lbUrl: 'shop.example.com',
    lbCertificate: certificate.certificate,
    lbPrivateKey: certificate.key,
    ...extra,
  });
const create = (payload: Record<string, unknown>, as = token) =>
  t.request('POST', '/api/balancers', { token: as, body: payload });
const get = async (uuid: string) => ok<Balancer>(await t.request('GET', `/api/balancers/${uuid}`, { token }));
const row = async (uuid: string) =>
  (await t.db.select().from(loadBalancers).where(eq(loadBalancers.id, uuid)))[0]!;
/** The base64 body of a PEM key, the part that must never leave the sealed column. */
const keyBody = (pem: string) =>
  pem
    .split('\n')
    .filter((l) => l && !l.startsWith('-----'))
    .join('');

describe('load balancers', () => {
  it('creates an HTTPS balancer: processing, then active at its address; the key only sealed', async () => {
    const created = ok<Balancer>(
      await create(https(shop, { lbName: 'shop', vmUuids: [web1.uuid, web2.uuid], lbXforwardedfor: true })),
    );
    expect(created).toMatchObject({
      lbName: 'shop',
      lbType: 1,
      lbProtocol: 'HTTPS',
      lbPort: 443,
      lbUrl: 'shop.example.com',
      vpcUuid,
      vpcName: 'default',
      status: LbStatus.PROCESSING,
      pendingOperation: 'create',
      address: null,
      lbXforwardedfor: true,
      lbHealthCheck: true,
      certificateSubject: 'CN=shop.example.com, O=Portal Test',
      certificateNames: ['shop.example.com', 'www.shop.example.com'],
    });
    expect(created.vms.map((v) => v.name)).toEqual(['web-1', 'web-2']);
    const expires = new Date(created.certificateExpiresAt!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 89 * DAY);
    await settled(t);
    const active = await get(created.uuid);
    expect(active.status).toBe(LbStatus.ACTIVE);
    expect(active.pendingOperation).toBeNull();
    expect(active.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    // Never sent back, never in the audit trail, the operation or the simulated cloud's tasks.
    const secret = keyBody(shop.key);
    const list = await t.request('GET', '/api/balancers', { token });
    for (const text of [JSON.stringify(created), JSON.stringify(active), list.body]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('PRIVATE KEY');
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'balancer.create'));
    expect(audits.length).toBeGreaterThan(0);
    for (const audit of audits) {
      expect(JSON.stringify(audit.detail)).not.toContain(secret);
      expect(audit.detail).not.toHaveProperty('lbPrivateKey');
    }
    const ops = await t.db.select().from(operations).where(eq(operations.resourceId, created.uuid));
    expect(JSON.stringify(ops)).not.toContain(secret);
    const tasks = await t.db.select().from(simTasks).where(eq(simTasks.resourceId, created.uuid));
    expect(tasks.length).toBeGreaterThan(0);
    expect(JSON.stringify(tasks)).not.toContain(secret);

    // The row holds it sealed for this balancer; it opens with the box and its context only.
    const stored = await row(created.uuid);
    expect(stored.keySealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const box = createSecretBox(SECRETS);
    const opened = box.open(stored.keySealed!, keyContext(tenant.client.id, created.uuid));
    expect(opened).toContain('BEGIN PRIVATE KEY');
    expect(() => box.open(stored.keySealed!, keyContext(tenant.client.id, web1.uuid))).toThrow();
    expect(stored.certificatePem).toContain('BEGIN CERTIFICATE');
  });

  it('keeps the port within 1-65535 and the protocol, XFF and host name to the type', async () => {
    for (const lbPort of [0, 65536, -1, 8.5]) {
      const refused = await create(http({ lbPort }));
      expect(body(refused).errors, String(lbPort)).toContainEqual({
        path: 'lbPort',
        message: 'validation.needBePort',
      });
    }
    for (const lbPort of [1, 65535]) ok<Balancer>(await create(http({ lbPort, lbName: `edge-${lbPort}` })));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lbType: 1, lbProtocol: 'TCP' }, 'lbProtocol', 'validation.lbProtocol'],
      [{ lbType: 2, lbProtocol: 'HTTP' }, 'lbProtocol', 'validation.lbProtocol'],
      [
        { lbType: 2, lbProtocol: 'TCP', lbXforwardedfor: true },
        'lbXforwardedfor',
        'validation.lbXforwardedfor',
      ],
      [{ lbType: 2, lbProtocol: 'UDP', lbUrl: 'dns.example.com' }, 'lbUrl', 'validation.lbUrlNetwork'],
      [{ lbUrl: 'not a host' }, 'lbUrl', 'validation.needBeFormat.Host'],
      [{ lbProtocol: 'FTP' }, 'lbProtocol', 'validation.needBeOneOf'],
      [{ lbType: 3 }, 'lbType', 'validation.needBeOneOf'],
      [{ vmUuids: [] }, 'vmUuids', 'validation.notEmpty'],
      [{ lbName: '' }, 'lbName', 'validation.notEmpty'],
    ];
    for (const [payload, path, message] of cases) {
      const refused = await create(http(payload));
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(refused).errors, JSON.stringify(payload)).toContainEqual({ path, message });
    }
    const udp = ok<Balancer>(await create(http({ lbType: 2, lbProtocol: 'UDP', lbPort: 53, lbName: 'dns' })));
    expect(udp).toMatchObject({ lbType: 2, lbProtocol: 'UDP', lbUrl: '', lbXforwardedfor: false });
  });

  it('sends only to VMs of its VPC, of the same tenant', async () => {
    const before = await t.db.select({ id: loadBalancers.id }).from(loadBalancers);
    const outside = await create(http({ vmUuids: [web1.uuid, elsewhere.uuid] }));
    expect(body(outside)).toMatchObject({
      msg: 'LB_TARGET_NOT_IN_VPC',
      errors: [{ path: 'vmUuids', message: 'apiError.LB_TARGET_NOT_IN_VPC' }],
    });
    const them = await t.createTenant();
    const theirToken = await t.signIn(them.root, them.client);
    const theirVpc = await newVpc(them.client.id, '10.0.0.0/16');
    const theirVm = await vm('theirs', theirVpc, theirToken);
    expect(body(await create(http({ vmUuids: [theirVm.uuid] }))).msg).toBe('VM_NOT_FOUND');
    expect(body(await create(http({ vmUuids: ['not-a-uuid'] })))).toMatchObject({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'vmUuids.0', message: 'validation.needBeOneOf' }],
    });
    expect(body(await create(http({ vpcUuid: theirVpc, vmUuids: [theirVm.uuid] }))).msg).toBe(
      'VPC_NOT_FOUND',
    );
    expect(await t.db.select({ id: loadBalancers.id }).from(loadBalancers)).toHaveLength(before.length);

    // Theirs is a 404 to us, ours to them, and neither list shows the other's.
    const mine = ok<Balancer>(await create(http({ lbName: 'mine' })));
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { lbName: 'stolen' }],
      ['DELETE', { currentPassword: TEST_PASSWORD }],
    ] as const) {
      const answer = await t.request(method, `/api/balancers/${mine.uuid}`, {
        token: theirToken,
        body: payload,
      });
      expect(answer.statusCode, method).toBe(404);
    }
    const theirList = ok<{ records: Balancer[] }>(
      await t.request('GET', '/api/balancers', { token: theirToken }),
    );
    expect(theirList.records).toEqual([]);
    expect((await get(mine.uuid)).lbName).toBe('mine');
  });

  it('checks the certificate and key: present, PEM, matching, valid now, covering the host name', async () => {
    const refuse = async (payload: Record<string, unknown>, msg: string, path: string) => {
      const answer = await create(payload);
      expect(answer.statusCode, msg).toBe(400);
      expect(body(answer).msg).toBe(msg);
      expect(
        body(answer).errors?.map((e) => e.path),
        msg,
      ).toContain(path);
      expect(answer.body).not.toContain(keyBody(shop.key));
    };
    await refuse(
      https(shop, { lbCertificate: undefined, lbPrivateKey: undefined }),
      'LB_CERTIFICATE_REQUIRED',
      'lbCertificate',
    );
    await refuse(https(shop, { lbPrivateKey: '' }), 'LB_CERTIFICATE_REQUIRED', 'lbPrivateKey');
    await refuse(https(shop, { lbCertificate: 'hello' }), 'FORMAT_ERROR', 'lbCertificate');
    await refuse(https(shop, { lbPrivateKey: encryptedKey(shop.key) }), 'FORMAT_ERROR', 'lbPrivateKey');
    const garbled = '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n';
    await refuse(https(shop, { lbCertificate: garbled }), 'LB_CERTIFICATE_INVALID', 'lbCertificate');
    const badKey = '-----BEGIN PRIVATE KEY-----\nTm90IGEga2V5\n-----END PRIVATE KEY-----\n';
    await refuse(https(shop, { lbPrivateKey: badKey }), 'LB_KEY_INVALID', 'lbPrivateKey');
    const other = makeCertificate(['shop.example.com']);
    await refuse(https(shop, { lbPrivateKey: other.key }), 'LB_KEY_MISMATCH', 'lbPrivateKey');
    await refuse(https(shop, { lbUrl: 'api.example.com' }), 'LB_CERTIFICATE_HOST_MISMATCH', 'lbUrl');
    await refuse(https(shop, { lbCertificate: 'x'.repeat(40_000) }), 'FORMAT_ERROR', 'lbCertificate');

    // Expiry is judged by the portal's clock: moved past the end, then before the start (signed in
    // anew each time, since a session ages with the clock).
    const short = makeCertificate(['shop.example.com'], 1);
    const now = t.clock.now();
    for (const [moved, code] of [
      [now.getTime() + 2 * DAY, 'LB_CERTIFICATE_EXPIRED'],
      [now.getTime() - 2 * DAY, 'LB_CERTIFICATE_NOT_YET_VALID'],
    ] as const) {
      t.clock.set(new Date(moved));
      const then = await t.signIn(tenant.root, tenant.client);
      const answer = await create(https(short), then);
      expect(body(answer), code).toMatchObject({ msg: code, errors: [{ path: 'lbCertificate' }] });
    }
    t.clock.set(now);

    // Any host the certificate covers; none named answers every host.
    ok<Balancer>(await create(https(shop, { lbUrl: 'www.shop.example.com', lbName: 'www' })));
    ok<Balancer>(await create(https(shop, { lbUrl: '', lbName: 'any-host' })));
    await settled(t);
  });

  it('edits: keeps the certificate unless a new one comes, replaces it, drops it for HTTP', async () => {
    const created = ok<Balancer>(await create(https(shop, { lbName: 'edit-me' })));
    await settled(t);
    // While the cloud programs it (the simulator answers at once here, so the row says so by hand).
    await t.db
      .update(loadBalancers)
      .set({ status: LbStatus.UPDATING, pendingOperation: 'update' })
      .where(eq(loadBalancers.id, created.uuid));
    const busyEdit = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { lbPort: 8443 },
    });
    expect(body(busyEdit).msg).toBe('LB_STATUS_ERROR');
    const busyDelete = await t.request('DELETE', `/api/balancers/${created.uuid}`, {
      token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(body(busyDelete).msg).toBe('LB_STATUS_ERROR');
    await t.db
      .update(loadBalancers)
      .set({ status: LbStatus.ACTIVE, pendingOperation: null })
      .where(eq(loadBalancers.id, created.uuid));
    const sealed = (await row(created.uuid)).keySealed;

    const edited = ok<Balancer>(
      await t.request('PATCH', `/api/balancers/${created.uuid}`, {
        token,
        body: { lbPort: 8443, vmUuids: [web2.uuid], lbName: 'edited' },
      }),
    );
    expect(edited).toMatchObject({
      status: LbStatus.UPDATING,
      pendingOperation: 'update',
      lbPort: 8443,
      lbName: 'edited',
    });
    expect(edited.vmUuids).toEqual([web2.uuid]);
    expect(edited.certificateNames).toEqual(created.certificateNames);
    expect((await row(created.uuid)).keySealed).toBe(sealed);
    await settled(t);
    const address = (await get(created.uuid)).address;
    expect((await get(created.uuid)).status).toBe(LbStatus.ACTIVE);

    // A host name the kept certificate does not cover is refused; a new certificate may bring it.
    const uncovered = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { lbUrl: 'api.example.com' },
    });
    expect(body(uncovered).msg).toBe('LB_CERTIFICATE_HOST_MISMATCH');
    const api = makeCertificate(['api.example.com'], 20);
    const onlyCertificate = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { lbCertificate: api.certificate },
    });
    expect(body(onlyCertificate)).toMatchObject({
      msg: 'LB_CERTIFICATE_REQUIRED',
      errors: [{ path: 'lbPrivateKey' }],
    });
    const replaced = ok<Balancer>(
      await t.request('PATCH', `/api/balancers/${created.uuid}`, {
        token,
        body: { lbUrl: 'api.example.com', lbCertificate: api.certificate, lbPrivateKey: api.key },
      }),
    );
    expect(replaced.certificateNames).toEqual(['api.example.com']);
    expect(new Date(replaced.certificateExpiresAt!).getTime()).toBeLessThan(Date.now() + 21 * DAY);
    expect((await row(created.uuid)).keySealed).not.toBe(sealed);
    expect(JSON.stringify(replaced)).not.toContain(keyBody(api.key));
    await settled(t);
    expect((await get(created.uuid)).address).toBe(address);

    const plain = ok<Balancer>(
      await t.request('PATCH', `/api/balancers/${created.uuid}`, {
        token,
        body: { lbProtocol: 'HTTP', lbPort: 80 },
      }),
    );
    expect(plain).toMatchObject({
      lbProtocol: 'HTTP',
      certificateSubject: null,
      certificateExpiresAt: null,
      certificateNames: [],
    });
    expect((await row(created.uuid)).keySealed).toBeNull();
    await settled(t);
    const backToHttps = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { lbProtocol: 'HTTPS' },
    });
    expect(body(backToHttps).msg).toBe('LB_CERTIFICATE_REQUIRED');
    const typeChange = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { lbProtocol: 'TCP' },
    });
    expect(body(typeChange).errors).toContainEqual({ path: 'lbProtocol', message: 'validation.lbProtocol' });
    const outside = await t.request('PATCH', `/api/balancers/${created.uuid}`, {
      token,
      body: { vmUuids: [elsewhere.uuid] },
    });
    expect(body(outside).msg).toBe('LB_TARGET_NOT_IN_VPC');
  });

  it("ends in error with the cloud's reason when the driver fails, and an edit programs it again", async () => {
    await (t.app.cloud as Simulator).injectFault('loadBalancer.apply', 1, 'no public address left');
    const created = ok<Balancer>(await create(http({ lbName: 'unlucky' })));
    await settled(t);
    const failed = await get(created.uuid);
    expect(failed).toMatchObject({
      status: LbStatus.ERROR,
      statusReason: 'CLOUD_NO_CAPACITY',
      address: null,
    });
    ok<Balancer>(
      await t.request('PATCH', `/api/balancers/${created.uuid}`, { token, body: { lbHealthCheck: false } }),
    );
    await settled(t);
    expect(await get(created.uuid)).toMatchObject({
      status: LbStatus.ACTIVE,
      statusReason: null,
      lbHealthCheck: false,
    });
  });

  it('deletes with the login password', async () => {
    const created = ok<Balancer>(await create(http({ lbName: 'short-lived' })));
    await settled(t);
    const wrong = await t.request('DELETE', `/api/balancers/${created.uuid}`, {
      token,
      body: { currentPassword: 'nope' },
    });
    expect(body(wrong).msg).toBe('INCORRECT_PASSWORD');
    const deleting = ok<Balancer>(
      await t.request('DELETE', `/api/balancers/${created.uuid}`, {
        token,
        body: { currentPassword: TEST_PASSWORD },
      }),
    );
    expect(deleting).toMatchObject({ status: LbStatus.DELETING, pendingOperation: 'delete' });
    await settled(t);
    expect((await t.request('GET', `/api/balancers/${created.uuid}`, { token })).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'balancer.delete'), eq(auditLog.targetId, created.uuid)));
    expect(audits.map((a) => a.outcome).sort()).toEqual(['failure', 'success']);
  });

  it('lets a read-only user look, not change', async () => {
    const created = ok<Balancer>(await create(http({ lbName: 'watched' })));
    await settled(t);
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    const list = ok<{ records: Balancer[] }>(await t.request('GET', '/api/balancers', { token: viewer }));
    expect(list.records.map((b) => b.uuid)).toContain(created.uuid);
    expect((await t.request('GET', `/api/balancers/${created.uuid}`, { token: viewer })).statusCode).toBe(
      200,
    );
    expect((await create(http({ lbName: 'nope' }), viewer)).statusCode).toBe(403);
    expect(
      (await t.request('PATCH', `/api/balancers/${created.uuid}`, { token: viewer, body: { lbName: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `/api/balancers/${created.uuid}`, {
          token: viewer,
          body: { currentPassword: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(403);
    const filtered = ok<{ records: Balancer[] }>(
      await t.request('GET', `/api/balancers?lbType=2&sort=lbName`, { token: viewer }),
    );
    expect(filtered.records.every((b) => b.lbType === 2)).toBe(true);
  });
});
