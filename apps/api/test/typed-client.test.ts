import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalClient, type PortalClient } from '@portal/client';
import { VmStatus } from '@portal/shared';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { buildSignedIn, type Tenant, type TestApp } from './build.js';
import { injectFetch } from './inject-fetch.js';
import { settled } from './operations.js';

/**
 * The client generated from the API's OpenAPI document (packages/client) against the app itself:
 * its paths, bodies and answers are the ones the routes declare, so a call typed by it is a call
 * the API takes.
 */
const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp, tenant: Tenant, client: PortalClient;
beforeAll(async () => {
  let token: string;
  ({ t, tenant, token } = await buildSignedIn());
  client = createPortalClient({ baseUrl: 'http://portal.test', key: token, fetch: injectFetch(t.app) });
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('creates a VM, lists it and starts it after a stop, typed as the routes declare', async () => {
    const network = await createDefaultNetwork(t.db, tenant.client.id);
    const created = await client.POST('/api/vms', {
      body: {
        name: 'typed-1',
        templateUUID: UBUNTU,
        cpuCore: 2,
        ramSize: 4,
        rootDiskSize: 50,
        vpcUuid: network.vpc.id,
        firewallUuids: [network.firewall.id],
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const vm = created.data!.data;
    expect(vm).toMatchObject({ name: 'typed-1', status: VmStatus.LAUNCHING, pendingOperation: 'create' });
    await settled(t);

    const list = await client.GET('/api/vms', { params: { query: { limit: 10, search: 'typed' } } });
    expect(list.data?.data.records.map((r) => [r.name, r.status])).toEqual([['typed-1', VmStatus.RUNNING]]);

    const stop = await client.POST('/api/vms/{uuid}/stop', { params: { path: { uuid: vm.uuid } } });
    expect(stop.data?.data.status).toBe(VmStatus.STOPPING);
    await settled(t);
    const start = await client.POST('/api/vms/{uuid}/start', { params: { path: { uuid: vm.uuid } } });
    expect(start.data?.data.status).toBe(VmStatus.STARTING);
    await settled(t);
    const got = await client.GET('/api/vms/{uuid}', { params: { path: { uuid: vm.uuid } } });
    expect(got.data?.data).toMatchObject({ status: VmStatus.RUNNING, pendingOperation: null });
  });

  it('answers a refusal as the error body, with its code', async () => {
    const missing = await client.GET('/api/vms/{uuid}', {
      params: { path: { uuid: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.msg).toBeTruthy();

    const anonymous = createPortalClient({ baseUrl: 'http://portal.test', fetch: injectFetch(t.app) });
    const refused = await anonymous.GET('/api/vms', {});
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
  });
});
