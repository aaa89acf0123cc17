import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tag, Vm, Vni } from '@portal/shared';
import { body, buildSignedIn, type Tenant, type TestApp } from '../../../test/build.js';
import { settled } from '../../../test/operations.js';
import { createDefaultNetwork } from './default-network.js';

let t: TestApp, tenant: Tenant, token: string;
let vm: Vm;
let vni: Vni;
let network: Awaited<ReturnType<typeof createDefaultNetwork>>;

beforeAll(async () => {
  ({ t, tenant, token } = await buildSignedIn());
  network = await createDefaultNetwork(t.db, tenant.client.id);
  vm = body<{ data: Vm }>(
    await t.request('POST', '/api/vms', {
      token,
      body: {
        name: 'net',
        templateUUID: '6a1f0c1e-0000-4000-8000-000000000001',
        cpuCore: 2,
        ramSize: 4,
        rootDiskSize: 50,
        vpcUuid: network.vpc.id,
        firewallUuids: [network.firewall.id],
      },
    }),
  ).data;
  await settled(t);
  vni = body<{ data: { records: Vni[] } }>(await t.request('GET', `/api/vnis?vmUuid=${vm.uuid}`, { token }))
    .data.records[0]!;
});
afterAll(() => t.close());

const adjust = (b: object) => t.request('PATCH', `/api/vnis/${vni.vniUuid}`, { token, body: b });

describe('the VNI list', () => {
  it('names the firewalls guarding the interface’s VM, as the list and the record', async () => {
    expect(vni.firewalls).toEqual([{ fwUuid: network.firewall.id, fwName: 'default' }]);
    const one = body<{ data: Vni }>(await t.request('GET', `/api/vnis/${vni.vniUuid}`, { token })).data;
    expect(one.firewalls).toEqual(vni.firewalls);
  });
});

describe('VNI network segment', () => {
  it('needs the VM stopped, and says how the VM stands', async () => {
    expect(vni.vmStatus).toBe(1);
    expect(body(await adjust({ cidrIpv4: '10.0.5.0/24', privateIpv4: '10.0.5.20' })).msg).toBe(
      'VM_NEED_SHUTDOWN',
    );
  });

  it('keeps the segment inside the VPC and the address inside the segment, field by field', async () => {
    await t.request('POST', `/api/vms/${vm.uuid}/stop`, { token });
    await settled(t);
    const outside = await adjust({ cidrIpv4: '192.168.0.0/24', privateIpv4: '192.168.0.5' });
    expect(body(outside)).toEqual({
      msg: 'IPv4_FORMAT_ERROR',
      errors: [{ path: 'cidrIpv4', message: 'validation.cidrOutsideVpc' }],
    });
    // The old address does not fit the new segment and no new one was given.
    expect(body(await adjust({ cidrIpv4: '10.0.5.0/24' })).errors).toEqual([
      { path: 'privateIpv4', message: 'validation.ipOutsideCidr' },
    ]);
    expect(body(await adjust({ cidrIpv4: '10.0.5' })).errors).toEqual([
      { path: 'cidrIpv4', message: 'validation.needBeFormat.IPv4Range' },
    ]);
  });

  it('moves the interface and the VM’s address with it', async () => {
    const moving = body<{ data: Vni }>(
      await adjust({ cidrIpv4: '10.0.5.0/24', privateIpv4: '10.0.5.20' }),
    ).data;
    expect(moving.pendingOperation).toBe('adjust');
    await settled(t);
    const moved = body<{ data: Vni }>(await t.request('GET', `/api/vnis/${vni.vniUuid}`, { token })).data;
    expect([moved.cidrIpv4, moved.privateIpv4, moved.pendingOperation]).toEqual([
      '10.0.5.0/24',
      '10.0.5.20',
      null,
    ]);
    expect(body<{ data: Vm }>(await t.request('GET', `/api/vms/${vm.uuid}`, { token })).data.privateIP).toBe(
      '10.0.5.20',
    );
  });
});

describe('tags', () => {
  const put = (tags: object[], as = token, id = vm.uuid, type = 'vms') =>
    t.request('PUT', `/api/tags/${type}/${id}`, { token: as, body: { tags } });

  it('replaces the set, lists keys per kind, and reads tags of several resources', async () => {
    const saved = body<{ data: Tag[] }>(
      await put([
        { key: 'env', value: 'prod' },
        { key: 'team', value: 'web' },
      ]),
    ).data;
    expect(saved.map((x) => [x.key, x.value, x.type, x.resId])).toEqual([
      ['env', 'prod', 'vms', vm.uuid],
      ['team', 'web', 'vms', vm.uuid],
    ]);
    await put([{ key: 'env', value: 'staging' }]);
    // The VM's trail holds its creation and its tag changes: the tags' record names the VM.
    const trail = body<{ data: { records: { action: string }[] } }>(
      await t.request('GET', `/api/audit?targetType=vm&targetId=${vm.uuid}&limit=0`, { token }),
    ).data.records.map((r) => r.action);
    expect(trail.filter((a) => a === 'tag.update')).toHaveLength(2);
    expect(trail).toEqual(expect.arrayContaining(['vm.create', 'vm.stop']));
    expect(trail.every((a) => a.startsWith('vm.') || a === 'tag.update')).toBe(true);
    const keys = body<{ data: string[] }>(await t.request('GET', '/api/tags/keys?type=vms', { token })).data;
    expect(keys).toEqual(['env']);
    const of = body<{ data: Tag[] }>(
      await t.request('GET', `/api/tags/resid?type=vms&res_id=${vm.uuid},not-an-id`, { token }),
    ).data;
    expect(of.map((x) => `${x.key}=${x.value}`)).toEqual(['env=staging']);
    expect(
      body<{ data: string[] }>(await t.request('GET', '/api/tags/keys?type=disks', { token })).data,
    ).toEqual([]);
  });

  it('keeps the spec’s tag rules and leaves the set as it was when refused', async () => {
    expect(body(await put([{ key: 'id', value: 'x' }])).errors).toEqual([
      { path: 'tags.0.key', message: 'validation.tagKeyReserved' },
    ]);
    expect(body(await put([{ key: 'a' }, { key: 'a' }])).errors).toEqual([
      { path: 'tags', message: 'validation.tagKeyDuplicate' },
    ]);
    expect(body(await put([{ key: 'k'.repeat(51) }])).errors).toEqual([
      { path: 'tags.0.key', message: 'validation.needBeStringInRange' },
    ]);
    const of = body<{ data: Tag[] }>(
      await t.request('GET', `/api/tags/resid?type=vms&res_id=${vm.uuid}`, { token }),
    ).data;
    expect(of.map((x) => x.key)).toEqual(['env']);
  });

  it('is 404 for an unknown kind or another tenant’s resource, 403 without the kind’s authority', async () => {
    expect((await put([], token, vm.uuid, 'nothing')).statusCode).toBe(404);
    const stranger = await t.createTenant();
    const theirs = await t.signIn(stranger.root, stranger.client);
    expect((await put([{ key: 'x' }], theirs)).statusCode).toBe(404);
    expect(
      body<{ data: Tag[] }>(
        await t.request('GET', `/api/tags/resid?type=vms&res_id=${vm.uuid}`, { token: theirs }),
      ).data,
    ).toEqual([]);
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    expect((await put([{ key: 'x' }], viewer)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/tags/keys?type=vms', { token: viewer })).statusCode).toBe(200);
    const billing = await t.signIn(
      await t.createIam(tenant.client, { roles: ['billingViewer'] }),
      tenant.client,
    );
    expect((await t.request('GET', '/api/tags/keys?type=vms', { token: billing })).statusCode).toBe(403);
  });

  it('decides authority before it looks at the request: 403 or 404, never the validation’s 400', async () => {
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    const change = (type: string, payload: unknown, who = viewer) =>
      t.request('PUT', `/api/tags/${type}/${vm.uuid}`, { token: who, body: payload });
    // A body the schema refuses (a reserved key, a wrong type, none at all): the viewer may not change tags.
    for (const payload of [{ tags: [{ key: 'id' }] }, { tags: 'x' }, 'x', undefined]) {
      expect(body(await change('vms', payload)), JSON.stringify(payload)).toEqual({ msg: 'FORBIDDEN' });
      // A type that is no kind (one longer than its 32 characters too) is 404 to anyone.
      for (const who of [viewer, token]) {
        for (const type of ['nothing', 'x'.repeat(40)])
          expect(body(await change(type, payload, who)), `${type} ${JSON.stringify(payload)}`).toEqual({
            msg: 'NOT_FOUND',
          });
      }
    }
    // The reads alike: a query the schema would refuse is 403 to a caller who may not view the kind.
    const billing = await t.signIn(
      await t.createIam(tenant.client, { roles: ['billingViewer'] }),
      tenant.client,
    );
    const tooLong = `/api/tags/resid?type=vms&res_id=${'x'.repeat(20_001)}`;
    expect(body(await t.request('GET', tooLong, { token: billing }))).toEqual({ msg: 'FORBIDDEN' });
    expect((await t.request('GET', tooLong, { token: viewer })).statusCode).toBe(400);
    expect(body(await t.request('GET', '/api/tags/keys?type=nothing', { token: viewer }))).toEqual({
      msg: 'NOT_FOUND',
    });
  });

  it('goes with the VM when it is deleted', async () => {
    await t.request('DELETE', `/api/vms/${vm.uuid}`, {
      token,
      body: { currentPassword: 'Test-Passw0rd-2026!' },
    });
    await settled(t);
    const of = body<{ data: Tag[] }>(
      await t.request('GET', `/api/tags/resid?type=vms&res_id=${vm.uuid}`, { token }),
    ).data;
    expect(of).toEqual([]);
  });
});
