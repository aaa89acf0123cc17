import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../lib/api/query-keys';
import { invalidateChanged } from '../../lib/resource-kit/resource-queries';
import { vmBase } from './vm-base';

describe('vmBase.affects', () => {
  it('a VM made or deleted makes its firewalls, its VPC (its count and map) and the load balancers stale', async () => {
    const client = new QueryClient();
    const keys = {
      firewalls: resourceKeys('/firewalls').listQuery({ page: 0 }),
      firewallPicker: resourceKeys('/firewalls').listQuery({ page: 0, limit: 0, vpcUuid: 'vpc-1' }),
      vpc: resourceKeys('/vpcs').detail('vpc-1'),
      vpcMap: [...resourceKeys('/vpcs').detail('vpc-1'), 'map'],
      balancers: resourceKeys('/balancers').listQuery({ page: 0 }),
      disks: resourceKeys('/disks').listQuery({ page: 0 }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { records: [] });

    await invalidateChanged(client, vmBase);

    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.firewalls)).toBe(true);
    expect(stale(keys.firewallPicker)).toBe(true);
    expect(stale(keys.vpc)).toBe(true);
    expect(stale(keys.vpcMap)).toBe(true);
    expect(stale(keys.balancers)).toBe(true);
    expect(stale(keys.disks)).toBe(false);
  });
});
