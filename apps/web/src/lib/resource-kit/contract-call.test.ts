import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Disk, diskContract } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import { actionCall } from './contract-call';
import { identityOf } from './identity';

const disks = identityOf(diskContract, {
  name: 'disk',
  namespace: 'disk',
  id: (d: Disk) => d.uuid,
  title: (d: Disk) => d.diskName,
});
const disk = { uuid: 'd 1', diskName: 'data' } as Disk;
const icon = null;

afterEach(() => vi.unstubAllGlobals());

describe('an action without its own call', () => {
  it('named delete: the contract’s remove, with the action’s input as the body', async () => {
    const fetch = mockFetch(() => json(200, { data: disk }));
    await actionCall(disks, { id: 'delete', icon })!(disk, { currentPassword: 'pw' }, {});
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/disks/d%201');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(init.body as string)).toEqual({ currentPassword: 'pw' });
  });

  it('named after a row action of the contract: that action', async () => {
    const fetch = mockFetch(() => json(200, { data: disk }));
    await actionCall(disks, { id: 'link', icon })!(disk, { vmUuid: 'v1' }, {});
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/disks/d%201/link', 'POST']);
    expect(JSON.parse(init.body as string)).toEqual({ vmUuid: 'v1' });
  });

  it('named after nothing the contract declares, or a link: no call', () => {
    expect(actionCall(disks, { id: 'resize', icon })).toBeUndefined();
    expect(actionCall(disks, { id: 'delete', icon, link: () => '/x' })).toBeUndefined();
    expect(actionCall({ ...disks, contract: undefined }, { id: 'delete', icon })).toBeUndefined();
  });

  it('with its own call: that call', () => {
    const run = vi.fn();
    expect(actionCall(disks, { id: 'delete', icon, run })).toBe(run);
  });
});
