import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../api/query-keys';
import { invalidateChanged } from './resource-queries';

describe('invalidateChanged', () => {
  it('makes the resource’s queries and those of the resources it affects stale, no others', async () => {
    const client = new QueryClient();
    const keys = {
      snapshots: resourceKeys('/snapshots').listQuery({ page: 0 }),
      vmList: resourceKeys('/vms').listQuery({ page: 0 }),
      vm: resourceKeys('/vms').detail('vm-1'),
      disks: resourceKeys('/disks').listQuery({ page: 0 }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { records: [] });

    await invalidateChanged(client, { base: '/snapshots', affects: ['/vms'] });

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.snapshots)).toBe(true);
    expect(stale(keys.vmList)).toBe(true);
    expect(stale(keys.vm)).toBe(true);
    expect(stale(keys.disks)).toBe(false);
  });
});
