import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../lib/api/query-keys';
import { invalidateChanged } from '../../lib/resource-kit/resource-queries';
import { balancerBase } from './balancer-base';

describe('balancerBase.affects', () => {
  it('a load balancer made or deleted makes its VPC (its count and map) stale', async () => {
    const client = new QueryClient();
    const vpc = resourceKeys('/vpcs').detail('vpc-1');
    const map = [...vpc, 'map'];
    client.setQueryData(vpc, {});
    client.setQueryData(map, {});

    await invalidateChanged(client, balancerBase);

    expect(client.getQueryState(vpc)?.isInvalidated).toBe(true);
    expect(client.getQueryState(map)?.isInvalidated).toBe(true);
  });
});
