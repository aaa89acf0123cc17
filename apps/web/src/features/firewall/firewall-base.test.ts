import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../lib/api/query-keys';
import { invalidateChanged } from '../../lib/resource-kit/resource-queries';
import { firewallBase } from './firewall-base';

describe('firewallBase.affects', () => {
  it('a firewall made, renamed or deleted makes its VPC (its count and map) stale', async () => {
    const client = new QueryClient();
    const vpc = resourceKeys('/vpcs').detail('vpc-1');
    const map = [...vpc, 'map'];
    client.setQueryData(vpc, {});
    client.setQueryData(map, {});

    await invalidateChanged(client, firewallBase);

    expect(client.getQueryState(vpc)?.isInvalidated).toBe(true);
    expect(client.getQueryState(map)?.isInvalidated).toBe(true);
  });
});
