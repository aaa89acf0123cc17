import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CloudExchangeStatus, type CloudExchange } from '@portal/shared';
import { cloudExchanges, simNetworkObjects, vpcs } from '../../../db/schema/index.js';
import { body, ok, type Tenant, TEST_PASSWORD, type TestApp } from '../../../../test/build.js';
import { buildWithVpc } from '../../../../test/build-with-vpc.js';
import { standingVpc } from '../../../../test/standing-vpc.js';
import { holdCloud, settled } from '../../../../test/operations.js';
import type { Simulator } from '../../../cloud/simulator/simulator.js';

/** A standing VPC of the client's, as the VPC pages would leave it. */
const createVpc = async (db: TestApp['db'], clientId: string) => (await standingVpc(db, clientId)).id;

let t: TestApp, tenant: Tenant, token: string, vpcUuid: string;
beforeAll(async () => {
  ({ t, tenant, token, vpcUuid } = await buildWithVpc({ vpc: createVpc }));
});
afterAll(() => t.close());

let serial = 0;
/** A fresh AWS connection id each time (a key is ordered once). */
const awsKey = () => `dxcon-${(++serial).toString(36).padStart(8, '0')}`;
const orderOf = (over: Record<string, unknown> = {}, as = token) =>
  t.request('POST', '/api/exchanges', {
    token: as,
    body: { ccxType: 1, vpcUuid, pairKey: awsKey(), ...over },
  });
const get = async (uuid: string) =>
  ok<CloudExchange>(await t.request('GET', `/api/exchanges/${uuid}`, { token }));
const remove = (uuid: string, password = TEST_PASSWORD, as = token) =>
  t.request('DELETE', `/api/exchanges/${uuid}`, { token: as, body: { currentPassword: password } });

describe('ordering a connection', () => {
  it('answers 1 ordering, and is 2 done once the driver has it, with the VPC and client number', async () => {
    const release = holdCloud(t);
    const ordered = ok<CloudExchange>(await orderOf({ pairKey: 'DXCON-FG5678GH'.toLowerCase() }));
    expect(ordered).toMatchObject({
      ccxType: 1,
      pairKey: 'dxcon-fg5678gh',
      vpcUuid,
      vpcName: 'default',
      clientNumber: tenant.client.clientNumber,
      status: CloudExchangeStatus.ORDERING,
      pendingOperation: 'order',
      statusReason: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get(ordered.uuid)).status).toBe(CloudExchangeStatus.ORDERING);
    release();
    await settled(t);
    expect(await get(ordered.uuid)).toMatchObject({
      status: CloudExchangeStatus.DONE,
      pendingOperation: null,
    });
    const [programmed] = await t.db
      .select()
      .from(simNetworkObjects)
      .where(eq(simNetworkObjects.id, ordered.uuid));
    expect(programmed).toMatchObject({ kind: 'exchange', spec: { networkId: vpcUuid, provider: 1 } });
  });

  it('lists per provider (ccxType), newest first', async () => {
    const gcp = ok<CloudExchange>(
      await orderOf({ ccxType: 2, pairKey: '2dfcdee7-b6f9-41d0-b98f-639151097693/asia-east1/1' }),
    );
    const azure = ok<CloudExchange>(
      await orderOf({ ccxType: 3, pairKey: '64CE99DD-EE70-4E74-B6B8-91C6307433A0' }),
    );
    const ccx = ok<CloudExchange>(
      await orderOf({ ccxType: 4, pairKey: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }),
    );
    await settled(t);
    expect(azure.pairKey).toBe('64ce99dd-ee70-4e74-b6b8-91c6307433a0');
    for (const [type, row] of [
      [2, gcp],
      [3, azure],
      [4, ccx],
    ] as const) {
      const page = ok<{ records: CloudExchange[]; total: number }>(
        await t.request('GET', `/api/exchanges?ccxType=${type}`, { token }),
      );
      expect(page.records.map((r) => r.uuid)).toEqual([row.uuid]);
      expect(page.total).toBe(1);
    }
    const aws = ok<{ records: CloudExchange[] }>(
      await t.request('GET', '/api/exchanges?ccxType=1', { token }),
    );
    expect(aws.records.every((r) => r.ccxType === 1)).toBe(true);
    const searched = ok<{ records: CloudExchange[] }>(
      await t.request('GET', '/api/exchanges?search=asia-east1', { token }),
    );
    expect(searched.records.map((r) => r.uuid)).toEqual([gcp.uuid]);
  });

  it('refuses a key in another provider’s format, a key ordered before, and a VPC not the caller’s or not standing', async () => {
    const wrong = await orderOf({ ccxType: 3, pairKey: 'dxcon-fg5678gh' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toContainEqual({ path: 'pairKey', message: 'validation.pairKey.azure' });
    const gcpWrong = await orderOf({ ccxType: 2, pairKey: '64ce99dd-ee70-4e74-b6b8-91c6307433a0' });
    expect(body(gcpWrong).errors).toContainEqual({ path: 'pairKey', message: 'validation.pairKey.gcp' });

    const key = awsKey();
    ok(await orderOf({ pairKey: key }));
    expect(body(await orderOf({ pairKey: key })).msg).toBe('CLOUD_EXCHANGE_PAIR_KEY_IN_USE');

    expect(body(await orderOf({ vpcUuid: '00000000-0000-4000-8000-000000000000' })).msg).toBe(
      'VPC_NOT_FOUND',
    );
    expect(body(await orderOf({ vpcUuid: 'nope' })).msg).toBe('FORMAT_ERROR');
    const other = await t.createTenant();
    const theirVpc = await createVpc(t.db, other.client.id);
    expect(body(await orderOf({ vpcUuid: theirVpc })).msg).toBe('VPC_NOT_FOUND');

    await t.db.update(vpcs).set({ status: 6, pendingOperation: 'delete' }).where(eq(vpcs.id, vpcUuid));
    expect(body(await orderOf()).msg).toBe('CLOUD_EXCHANGE_VPC_NOT_AVAILABLE');
    await t.db.update(vpcs).set({ status: 1, pendingOperation: null }).where(eq(vpcs.id, vpcUuid));
    await settled(t);
  });

  it('goes back to 0 available with the cloud’s reason when refused, and can be ordered again', async () => {
    await (t.app.cloud as Simulator).injectFault('exchange.order', 1, 'pair key not found at the partner');
    const ordered = ok<CloudExchange>(await orderOf());
    await settled(t);
    const refused = await get(ordered.uuid);
    expect(refused).toMatchObject({
      status: CloudExchangeStatus.AVAILABLE,
      pendingOperation: null,
      statusReason: 'CLOUD_PAIR_KEY_REJECTED',
    });
    const again = ok<CloudExchange>(
      await t.request('POST', `/api/exchanges/${ordered.uuid}/order`, { token }),
    );
    expect(again).toMatchObject({ status: CloudExchangeStatus.ORDERING, statusReason: null });
    await settled(t);
    expect((await get(ordered.uuid)).status).toBe(CloudExchangeStatus.DONE);
    const twice = await t.request('POST', `/api/exchanges/${ordered.uuid}/order`, { token });
    expect(body(twice).msg).toBe('CLOUD_EXCHANGE_STATUS_ERROR');
  });
});

describe('deleting a connection', () => {
  it('needs the password, not while ordering, and goes through the driver', async () => {
    const release = holdCloud(t);
    const ordered = ok<CloudExchange>(await orderOf());
    expect(body(await remove(ordered.uuid)).msg).toBe('CLOUD_EXCHANGE_STATUS_ERROR');
    release();
    await settled(t);
    expect(body(await remove(ordered.uuid, 'not-the-password')).msg).toBe('INCORRECT_PASSWORD');
    const deleting = ok<CloudExchange>(await remove(ordered.uuid));
    expect(deleting).toMatchObject({ status: CloudExchangeStatus.DONE, pendingOperation: 'delete' });
    await settled(t);
    expect((await t.request('GET', `/api/exchanges/${ordered.uuid}`, { token })).statusCode).toBe(404);
    const [gone] = await t.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.id, ordered.uuid));
    expect(gone?.deletedAt).not.toBeNull();
  });

  it('keeps the connection with the reason when the cloud fails to take it down', async () => {
    const ordered = ok<CloudExchange>(await orderOf());
    await settled(t);
    await (t.app.cloud as Simulator).injectFault('exchange.delete', 1, 'port busy');
    ok(await remove(ordered.uuid));
    await settled(t);
    expect(await get(ordered.uuid)).toMatchObject({
      status: CloudExchangeStatus.DONE,
      pendingOperation: null,
      statusReason: 'CLOUD_BUSY',
    });
  });
});

describe('who may see and change connections', () => {
  it('lets a read-only user list and read, not order or delete; a compute operator not even read', async () => {
    const ordered = ok<CloudExchange>(await orderOf());
    await settled(t);
    const viewer = await t.createIam(tenant.client, { roles: ['readOnly'] });
    const viewing = await t.signIn(viewer, tenant.client);
    ok(await t.request('GET', '/api/exchanges?ccxType=1', { token: viewing }));
    ok(await t.request('GET', `/api/exchanges/${ordered.uuid}`, { token: viewing }));
    expect((await orderOf({}, viewing)).statusCode).toBe(403);
    expect((await remove(ordered.uuid, TEST_PASSWORD, viewing)).statusCode).toBe(403);
    const operator = await t.createIam(tenant.client, { roles: ['computeOperator'] });
    const operating = await t.signIn(operator, tenant.client);
    expect((await t.request('GET', '/api/exchanges', { token: operating })).statusCode).toBe(403);
    const rows = await t.db.select().from(cloudExchanges).where(eq(cloudExchanges.id, ordered.uuid));
    expect(rows).toHaveLength(1);
  });
});
