import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PublicCloudCredential, PublicCloudVm } from '@portal/shared';
import { auditLog, publicCloudCredentials } from '../../../db/schema/index.js';
import { body, build, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import type { OpenedCredential, PublicClouds } from './public-clouds.js';
import { createSimulatedPublicClouds } from './public-clouds.js';

const AWS = {
  type: 1,
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const PRIVATE_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-very-secret\n-----END PRIVATE KEY-----\n';
const GCP = {
  type: 2,
  credentialsJson: JSON.stringify({
    type: 'service_account',
    project_id: 'portal-sync',
    private_key_id: '5f1c2e',
    private_key: PRIVATE_KEY,
    client_email: 'sync@portal-sync.iam.gserviceaccount.com',
  }),
};
const AZURE = {
  type: 3,
  applicationId: '8a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d',
  applicationPassword: 'Zx8Q~azure-client-secret-value',
  directoryId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
  subscriptionId: '0b1f6471-1bf0-4dda-aec3-cb9272f09590',
};
const SECRETS = [AWS.secretAccessKey, 'very-secret', AZURE.applicationPassword];

let t: TestApp;
let tenant: Tenant;
let token: string;
const asked: OpenedCredential[] = [];
const simulated = createSimulatedPublicClouds();
/** The default provider interface, with the credentials it was handed kept for the test. */
const publicClouds: PublicClouds = {
  listVms: (credential) => {
    asked.push(credential);
    return simulated.listVms(credential);
  },
};

beforeAll(async () => {
  t = await build({ publicClouds });
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
});
afterAll(() => t.close());

const add = (credential: object, as = token) =>
  t.request('POST', '/api/public-cloud-credentials', { token: as, body: credential });
const remove = (uuid: string, as = token, password = TEST_PASSWORD) =>
  t.request('DELETE', `/api/public-cloud-credentials/${uuid}`, {
    token: as,
    body: { currentPassword: password },
  });
const vms = (type: number, as = token) => t.request('GET', `/api/public-clouds/${type}/vms`, { token: as });
const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

describe('adding credentials', () => {
  it('keeps one per provider, shows only the id part, and seals the secret', async () => {
    const aws = ok<PublicCloudCredential>(await add(AWS));
    expect(aws).toMatchObject({ type: 1, keyId: 'AKIA••••MPLE', directoryId: null, subscriptionId: null });
    const gcp = ok<PublicCloudCredential>(await add(GCP));
    expect(gcp).toMatchObject({
      type: 2,
      keyId: 'sync@portal-sync.iam.gserviceaccount.com',
      subscriptionId: 'portal-sync',
    });
    const azure = ok<PublicCloudCredential>(await add(AZURE));
    expect(azure).toMatchObject({
      type: 3,
      keyId: '8a1b••••3c2d',
      directoryId: AZURE.directoryId,
      subscriptionId: AZURE.subscriptionId,
    });
    const list = await t.request('GET', '/api/public-cloud-credentials', { token });
    expect(ok<{ records: PublicCloudCredential[] }>(list).records.map((c) => c.type)).toEqual([1, 2, 3]);
    expectNoSecret(list.body);
    expectNoSecret((await t.request('GET', `/api/public-cloud-credentials/${gcp.uuid}`, { token })).body);

    const rows = await t.db
      .select()
      .from(publicCloudCredentials)
      .where(eq(publicCloudCredentials.clientId, tenant.client.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.secretSealed).toMatch(/^v1\./);
      expectNoSecret(JSON.stringify(row));
      expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.clientId, tenant.client.id));
    expect(audits.filter((a) => a.action === 'publicCloudCredential.create')).toHaveLength(3);
    expectNoSecret(JSON.stringify(audits));
    expect(JSON.stringify(audits)).not.toContain('PRIVATE KEY');

    const again = await add({ ...AWS, accessKeyId: 'AKIAI44QH8DHBEXAMPLE' });
    expect(body(again).msg).toBe('PUBLIC_CLOUD_REPEAT');
  });

  it('searches what the list shows, the masked key id as shown', async () => {
    const found = async (search: string) => {
      const page = ok<{ records: PublicCloudCredential[]; total: number }>(
        await t.request('GET', `/api/public-cloud-credentials?search=${encodeURIComponent(search)}`, {
          token,
        }),
      );
      expect(page.total).toBe(page.records.length);
      return page.records.map((c) => c.type);
    };
    expect(await found('azure')).toEqual([3]);
    expect(await found('AKIA')).toEqual([1]);
    expect(await found('portal-sync.iam')).toEqual([2]);
    expect(await found(AZURE.directoryId.slice(0, 8).toUpperCase())).toEqual([3]);
    expect(await found('0b1f6471')).toEqual([3]);
    expect(await found('nothing-like-it')).toEqual([]);
    // The hidden middle of a masked key id is not searched: a search cannot spell it out.
    expect(await found('IOSFODNN7')).toEqual([]);
    expect(await found('8a1b2c3d-4e5f')).toEqual([]);
    const [aws] = ok<{ records: PublicCloudCredential[] }>(
      await t.request('GET', '/api/public-cloud-credentials?type=1', { token }),
    ).records;
    expect(await found(aws!.uuid.slice(0, 13))).toEqual([1]);
  });

  it('names the missing fields with the provider’s code, and bad formats with FORMAT_ERROR', async () => {
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    const aws = await add({ type: 1, accessKeyId: AWS.accessKeyId }, theirs);
    expect(body(aws)).toEqual({
      msg: 'PUBLIC_CLOUD_MISSING_PARAMETERS_AWS',
      errors: [{ path: 'secretAccessKey', message: 'validation.notEmpty' }],
    });
    expect(body(await add({ type: 2, credentialsJson: '  ' }, theirs)).msg).toBe(
      'PUBLIC_CLOUD_MISSING_PARAMETERS_GCP',
    );
    const azure = await add(
      { type: 3, applicationId: AZURE.applicationId, applicationPassword: 'x' },
      theirs,
    );
    expect(body(azure).msg).toBe('PUBLIC_CLOUD_MISSING_PARAMETERS_AZURE');
    expect(body(azure).errors?.map((e) => e.path)).toEqual(['directoryId', 'subscriptionId']);

    const badGcp = await add({ type: 2, credentialsJson: '{"type":"authorized_user"}' }, theirs);
    expect(body(badGcp)).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'credentialsJson', message: 'validation.publicCloud.gcpKey' }],
    });
    expect(body(await add({ ...AZURE, directoryId: 'contoso' }, theirs)).errors).toEqual([
      { path: 'directoryId', message: 'validation.publicCloud.guid' },
    ]);
    expect((await add({ type: 9 }, theirs)).statusCode).toBe(400);
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.clientId, other.client.id));
    expectNoSecret(JSON.stringify(failures));
    expect(
      await t.db
        .select()
        .from(publicCloudCredentials)
        .where(eq(publicCloudCredentials.clientId, other.client.id)),
    ).toEqual([]);
  });
});

describe('VM lists through the provider interface', () => {
  it('answers as each provider would, the same every time, from the opened credential', async () => {
    const aws = ok<PublicCloudVm[]>(await vms(1));
    expect(aws.length).toBeGreaterThanOrEqual(2);
    for (const vm of aws) {
      expect(vm.id).toMatch(/^i-0[0-9a-f]{16}$/);
      expect(vm.region).toMatch(/^[a-z]{2}-[a-z]+-\d[a-z]$/);
      expect(['running', 'stopped']).toContain(vm.state);
      // Each provider's word, and one power state the web words in the page's language.
      expect(vm.power).toBe(vm.state);
      expect(vm.privateIp).toMatch(/^172\.31\./);
    }
    expect(ok<PublicCloudVm[]>(await vms(1))).toEqual(aws);
    expect(asked.at(-1)).toEqual({
      type: 1,
      accessKeyId: AWS.accessKeyId,
      secretAccessKey: AWS.secretAccessKey,
    });

    const gcp = ok<PublicCloudVm[]>(await vms(2));
    for (const vm of gcp) {
      expect(vm.id).toMatch(/^\d{19}$/);
      expect(vm.region).toMatch(/^[a-z]+-[a-z]+\d-[abc]$/);
      expect(vm.name).toMatch(/^portal-sync-/);
      expect(vm.power).toBe(vm.state === 'RUNNING' ? 'running' : 'stopped');
    }
    expect(asked.at(-1)).toMatchObject({ type: 2, key: { private_key: PRIVATE_KEY } });

    const azure = ok<PublicCloudVm[]>(await vms(3));
    for (const vm of azure) {
      expect(vm.id).toMatch(
        new RegExp(
          `^/subscriptions/${AZURE.subscriptionId}/resourceGroups/[^/]+/providers/Microsoft.Compute/virtualMachines/${vm.name}$`,
        ),
      );
      expect(['VM running', 'VM deallocated']).toContain(vm.state);
      expect(vm.power).toBe(vm.state === 'VM running' ? 'running' : 'stopped');
    }
    expect(asked.at(-1)).toMatchObject({ applicationPassword: AZURE.applicationPassword });
  });

  it('needs a credential of that provider (PUBLIC_CLOUD_NOT_EXIST), and a provider that exists', async () => {
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    const none = await vms(1, theirs);
    expect(none.statusCode).toBe(400);
    expect(body(none).msg).toBe('PUBLIC_CLOUD_NOT_EXIST');
    expect((await vms(4, theirs)).statusCode).toBe(400);
  });
});

describe('who may see and delete credentials', () => {
  it('is another tenant’s 404; a read-only user may list and see VMs, not add or delete', async () => {
    const [mine] = ok<{ records: PublicCloudCredential[] }>(
      await t.request('GET', '/api/public-cloud-credentials?type=1', { token }),
    ).records;
    const other = await t.createTenant();
    const theirs = await t.signIn(other.root, other.client);
    expect(
      (await t.request('GET', `/api/public-cloud-credentials/${mine!.uuid}`, { token: theirs })).statusCode,
    ).toBe(404);
    expect((await remove(mine!.uuid, theirs)).statusCode).toBe(404);
    expect(
      ok<{ total: number }>(await t.request('GET', '/api/public-cloud-credentials', { token: theirs })).total,
    ).toBe(0);

    const viewer = await t.createIam(tenant.client, { roles: ['readOnly'] });
    const viewing = await t.signIn(viewer, tenant.client);
    expect(
      ok<{ total: number }>(await t.request('GET', '/api/public-cloud-credentials', { token: viewing }))
        .total,
    ).toBe(3);
    ok(await vms(1, viewing));
    expect((await add(AWS, viewing)).statusCode).toBe(403);
    expect((await remove(mine!.uuid, viewing)).statusCode).toBe(403);
  });

  it('deletes with the password, after which the provider can be added again', async () => {
    const [mine] = ok<{ records: PublicCloudCredential[] }>(
      await t.request('GET', '/api/public-cloud-credentials?type=1', { token }),
    ).records;
    expect(body(await remove(mine!.uuid, token, 'wrong-password')).msg).toBe('INCORRECT_PASSWORD');
    const deleted = ok<PublicCloudCredential>(await remove(mine!.uuid));
    expect(deleted.uuid).toBe(mine!.uuid);
    expect(
      (await t.request('GET', `/api/public-cloud-credentials/${mine!.uuid}`, { token })).statusCode,
    ).toBe(404);
    expect(body(await vms(1)).msg).toBe('PUBLIC_CLOUD_NOT_EXIST');
    ok(await add(AWS));
    expect(ok<PublicCloudVm[]>(await vms(1)).length).toBeGreaterThan(0);
  });
});
