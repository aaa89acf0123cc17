import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CcxClusterStatus, VpcStatus, type CcxCluster } from '@portal/shared';
import { ccxClusters, vpcs } from '../../../db/schema/index.js';
import { body, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import { buildWithVpc } from '../../../../test/build-with-vpc.js';
import { standingVpc } from '../../../../test/standing-vpc.js';
import { holdCloud, settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';
import type { Db } from '../../../db/database.js';
import { seedDemoClusters } from './demo-ccx.js';

/** A customer's VPC, as its account is opened with, with an IPv6 range. */
const dualStackVpc = async (db: Db, clientId: string) =>
  (await standingVpc(db, clientId, { cidrIpv6: '2001:db8:10::/56' })).id;

let t: TestApp, tenant: Tenant, token: string, vpcUuid: string;
beforeAll(async () => {
  ({ t, tenant, token, vpcUuid } = await buildWithVpc({ vpc: dualStackVpc }));
});
afterAll(() => t.close());

const newCluster = (over: Record<string, unknown> = {}) => ({
  name: 'orders-db',
  engine: 'postgresql',
  version: '16',
  nodeCount: 1,
  nodeSize: '2c4g',
  vpcUuid,
  ...over,
});
const post = (over: Record<string, unknown> = {}, as = token) =>
  t.request('POST', '/api/ccx-clusters', { token: as, body: newCluster(over) });
const get = async (uuid: string) =>
  ok<CcxCluster>(await t.request('GET', `/api/ccx-clusters/${uuid}`, { token }));
const scale = (uuid: string, nodeCount: number, as = token) =>
  t.request('POST', `/api/ccx-clusters/${uuid}/scale`, { token: as, body: { nodeCount } });
const remove = (uuid: string, currentPassword = TEST_PASSWORD, as = token) =>
  t.request('DELETE', `/api/ccx-clusters/${uuid}`, { token: as, body: { currentPassword } });
async function running(over: Record<string, unknown> = {}) {
  const cluster = ok<CcxCluster>(await post(over));
  await settled(t);
  return get(cluster.uuid);
}
const count = async () => (await t.db.select({ id: ccxClusters.id }).from(ccxClusters)).length;

describe('creating a cluster', () => {
  it('answers creating, and runs with the cloud’s endpoint once the cloud has built it', async () => {
    const created = ok<CcxCluster>(await post({ nodeCount: 3 }));
    expect(created).toMatchObject({
      name: 'orders-db',
      engine: 'postgresql',
      version: '16',
      nodeCount: 3,
      targetNodeCount: null,
      nodeSize: '2c4g',
      vpcUuid,
      endpoint: null,
      status: CcxClusterStatus.CREATING,
      pendingOperation: 'create',
      // 3 nodes × (2 × 0.85 + 4 × 0.42 + 2 × 0.35 management) × 730 h
      monthlyPrice: '8935.2000',
    });
    await settled(t);
    const built = await get(created.uuid);
    expect(built).toMatchObject({
      status: CcxClusterStatus.RUNNING,
      pendingOperation: null,
      statusReason: null,
    });
    expect(built.endpoint).toBe(`ccx-${created.uuid.slice(0, 8)}.ccx.internal`);
    const listed = ok<{ records: CcxCluster[]; total: number }>(
      await t.request('GET', '/api/ccx-clusters?search=orders', { token }),
    );
    expect(listed.records.map((c) => c.uuid)).toContain(created.uuid);
    expect(listed.records.find((c) => c.uuid === created.uuid)?.vpcName).toBeTruthy();
  });

  it('takes only each engine’s versions', async () => {
    const before = await count();
    for (const [engine, version] of [
      ['postgresql', '14'],
      ['postgresql', '8.0'],
      ['mysql', '16'],
      ['redis', '6'],
      ['kubernetes', '1.29'],
    ]) {
      const refused = await post({ engine, version });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).errors).toContainEqual({ path: 'version', message: 'validation.needBeOneOf' });
    }
    expect(body(await post({ engine: 'mongodb' })).errors).toContainEqual({
      path: 'engine',
      message: 'validation.needBeOneOf',
    });
    expect(await count()).toBe(before);
    for (const [engine, version] of [
      ['postgresql', '15'],
      ['postgresql', '17'],
      ['mysql', '8.0'],
      ['mysql', '8.4'],
      ['redis', '7.2'],
      ['kubernetes', '1.30'],
      ['kubernetes', '1.31'],
    ])
      ok(await post({ name: `${engine}-${version}`.replace(/\./g, '-'), engine, version }));
    await settled(t);
  });

  it('takes 1 or 3 database nodes, 1 to 10 Kubernetes workers, and the catalogue’s sizes', async () => {
    const before = await count();
    const refusedCount = async (over: Record<string, unknown>) =>
      expect(body(await post(over)).errors).toContainEqual({
        path: 'nodeCount',
        message: 'validation.needBeOneOf',
      });
    await refusedCount({ nodeCount: 2 });
    await refusedCount({ nodeCount: 5 });
    await refusedCount({ engine: 'mysql', version: '8.4', nodeCount: 0 });
    await refusedCount({ engine: 'redis', version: '7.2', nodeCount: 4 });
    await refusedCount({ engine: 'kubernetes', version: '1.31', nodeCount: 11 });
    expect(body(await post({ nodeSize: '3c6g' })).errors).toContainEqual({
      path: 'nodeSize',
      message: 'validation.needBeOneOf',
    });
    expect(body(await post({ name: '' })).errors).toContainEqual({
      path: 'name',
      message: 'validation.notEmpty',
    });
    expect(await count()).toBe(before);
    const k8s = ok<CcxCluster>(
      await post({ name: 'apps', engine: 'kubernetes', version: '1.31', nodeCount: 10, nodeSize: '8c32g' }),
    );
    expect(k8s.nodeCount).toBe(10);
    await settled(t);
  });

  it('needs an available VPC of the caller’s own', async () => {
    const before = await count();
    expect(body(await post({ vpcUuid: 'nope' })).msg).toBe('FORMAT_ERROR');
    expect(body(await post({ vpcUuid: '00000000-0000-4000-8000-000000000000' })).msg).toBe('VPC_NOT_FOUND');
    const stranger = await t.createTenant();
    const theirs = await dualStackVpc(t.db, stranger.client.id);
    expect(body(await post({ vpcUuid: theirs })).msg).toBe('VPC_NOT_FOUND');
    await t.db.update(vpcs).set({ status: VpcStatus.PROCESSING }).where(eq(vpcs.id, vpcUuid));
    expect(body(await post()).msg).toBe('CCX_VPC_NOT_AVAILABLE');
    await t.db.update(vpcs).set({ status: VpcStatus.DELETING }).where(eq(vpcs.id, vpcUuid));
    expect(body(await post()).msg).toBe('VPC_NOT_FOUND');
    await t.db.update(vpcs).set({ status: VpcStatus.AVAILABLE }).where(eq(vpcs.id, vpcUuid));
    expect(await count()).toBe(before);
  });

  it('shows the cloud’s failure as an error with its reason, and lets it be deleted', async () => {
    await (t.app.cloud as Simulator).injectFault('cluster.create', 1, 'no capacity for 3 nodes');
    const created = ok<CcxCluster>(await post({ name: 'unlucky', nodeCount: 3 }));
    await settled(t);
    const failed = await get(created.uuid);
    expect(failed).toMatchObject({
      status: CcxClusterStatus.ERROR,
      statusReason: 'CLOUD_NO_CAPACITY',
      pendingOperation: null,
      endpoint: null,
    });
    expect(body(await scale(created.uuid, 1)).msg).toBe('CCX_CLUSTER_STATUS_ERROR');
    ok(await remove(created.uuid));
    await settled(t);
    expect((await t.request('GET', `/api/ccx-clusters/${created.uuid}`, { token })).statusCode).toBe(404);
  });
});

describe('scaling a cluster', () => {
  it('keeps the target while it runs, with the price of the nodes it has, then takes the new count', async () => {
    const cluster = await running({ name: 'scale-1' });
    const release = holdCloud(t);
    const scaling = ok<CcxCluster>(await scale(cluster.uuid, 3));
    expect(scaling).toMatchObject({
      status: CcxClusterStatus.SCALING,
      pendingOperation: 'scale',
      nodeCount: 1,
      targetNodeCount: 3,
      monthlyPrice: '2978.4000',
    });
    expect(body(await scale(cluster.uuid, 1)).msg).toBe('CCX_CLUSTER_STATUS_ERROR');
    expect(body(await remove(cluster.uuid)).msg).toBe('CCX_CLUSTER_STATUS_ERROR');
    release();
    await settled(t);
    expect(await get(cluster.uuid)).toMatchObject({
      status: CcxClusterStatus.RUNNING,
      pendingOperation: null,
      nodeCount: 3,
      targetNodeCount: null,
      monthlyPrice: '8935.2000',
    });
  });

  it('is refused while the cloud is still creating it', async () => {
    const release = holdCloud(t);
    const creating = ok<CcxCluster>(await post({ name: 'early' }));
    expect(body(await scale(creating.uuid, 3)).msg).toBe('CCX_CLUSTER_STATUS_ERROR');
    expect(body(await remove(creating.uuid)).msg).toBe('CCX_CLUSTER_STATUS_ERROR');
    release();
    await settled(t);
    expect((await get(creating.uuid)).nodeCount).toBe(1);
  });

  it('takes only another of the engine’s counts', async () => {
    const db = await running({ name: 'scale-2', nodeCount: 3 });
    const two = await scale(db.uuid, 2);
    expect(body(two)).toMatchObject({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'nodeCount', message: 'validation.needBeOneOf' }],
    });
    expect(body(await scale(db.uuid, 3)).msg).toBe('CCX_NODE_COUNT_UNCHANGED');
    expect((await scale(db.uuid, 1.5)).statusCode).toBe(400);
    const k8s = await running({ name: 'workers', engine: 'kubernetes', version: '1.30', nodeCount: 2 });
    expect(body(await scale(k8s.uuid, 11)).errors).toContainEqual({
      path: 'nodeCount',
      message: 'validation.needBeOneOf',
    });
    ok(await scale(k8s.uuid, 7));
    await settled(t);
    expect((await get(k8s.uuid)).nodeCount).toBe(7);
  });

  it('keeps the count it had, with the cloud’s reason, when the scale fails', async () => {
    const cluster = await running({ name: 'scale-3' });
    await (t.app.cloud as Simulator).injectFault('cluster.scale', 1, 'replica sync timed out');
    ok(await scale(cluster.uuid, 3));
    await settled(t);
    expect(await get(cluster.uuid)).toMatchObject({
      status: CcxClusterStatus.RUNNING,
      statusReason: 'CLOUD_BUSY',
      nodeCount: 1,
      targetNodeCount: null,
    });
  });
});

describe('deleting a cluster', () => {
  it('needs the login password, and the cluster is gone when the cloud has removed it', async () => {
    const cluster = await running({ name: 'delete-1' });
    expect(body(await remove(cluster.uuid, 'not-the-password')).msg).toBe('INCORRECT_PASSWORD');
    expect((await get(cluster.uuid)).status).toBe(CcxClusterStatus.RUNNING);
    const deleting = ok<CcxCluster>(await remove(cluster.uuid));
    expect(deleting).toMatchObject({ status: CcxClusterStatus.DELETING, pendingOperation: 'delete' });
    await settled(t);
    expect((await t.request('GET', `/api/ccx-clusters/${cluster.uuid}`, { token })).statusCode).toBe(404);
  });

  it('leaves it in error with the reason when the cloud cannot delete it', async () => {
    const cluster = await running({ name: 'delete-2' });
    await (t.app.cloud as Simulator).injectFault('cluster.delete', 1, 'volume detach stuck');
    ok(await remove(cluster.uuid));
    await settled(t);
    expect(await get(cluster.uuid)).toMatchObject({
      status: CcxClusterStatus.ERROR,
      statusReason: 'CLOUD_BUSY',
    });
    ok(await remove(cluster.uuid));
    await settled(t);
    expect((await t.request('GET', `/api/ccx-clusters/${cluster.uuid}`, { token })).statusCode).toBe(404);
  });
});

describe('who may see and change clusters', () => {
  it('is another tenant’s 404, to read, scale and delete', async () => {
    const cluster = await running({ name: 'mine' });
    const stranger = await t.createTenant();
    const theirs = await t.signIn(stranger.root, stranger.client);
    expect((await t.request('GET', `/api/ccx-clusters/${cluster.uuid}`, { token: theirs })).statusCode).toBe(
      404,
    );
    expect((await scale(cluster.uuid, 3, theirs)).statusCode).toBe(404);
    expect((await remove(cluster.uuid, TEST_PASSWORD, theirs)).statusCode).toBe(404);
    expect(ok<{ total: number }>(await t.request('GET', '/api/ccx-clusters', { token: theirs })).total).toBe(
      0,
    );
    expect((await t.request('GET', '/api/ccx-clusters/not-a-uuid', { token })).statusCode).toBe(404);
  });

  it('lets a read-only user view them and change nothing', async () => {
    const cluster = await running({ name: 'viewed' });
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    expect((await t.request('GET', '/api/ccx-clusters', { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/ccx-clusters/${cluster.uuid}`, { token: viewer })).statusCode).toBe(
      200,
    );
    expect((await post({ name: 'sneaky' }, viewer)).statusCode).toBe(403);
    expect((await scale(cluster.uuid, 3, viewer)).statusCode).toBe(403);
    expect((await remove(cluster.uuid, TEST_PASSWORD, viewer)).statusCode).toBe(403);
    expect((await get(cluster.uuid)).status).toBe(CcxClusterStatus.RUNNING);
  });
});

describe('the demo cluster', () => {
  it('is a running PostgreSQL cluster the simulated cloud knows, so it scales like a new one', async () => {
    const demo = await t.createTenant();
    const demoToken = await t.signIn(demo.root, demo.client);
    await dualStackVpc(t.db, demo.client.id);
    await seedDemoClusters(t.db, demo.client.id);
    const [cluster] = ok<{ records: CcxCluster[] }>(
      await t.request('GET', '/api/ccx-clusters', { token: demoToken }),
    ).records;
    expect(cluster).toMatchObject({ engine: 'postgresql', status: CcxClusterStatus.RUNNING, nodeCount: 3 });
    ok(await scale(cluster!.uuid, 1, demoToken));
    await settled(t);
    const scaled = ok<CcxCluster>(
      await t.request('GET', `/api/ccx-clusters/${cluster!.uuid}`, { token: demoToken }),
    );
    expect(scaled).toMatchObject({ status: CcxClusterStatus.RUNNING, nodeCount: 1, statusReason: null });
  });
});
