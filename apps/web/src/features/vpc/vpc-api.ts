import { useQuery } from '@tanstack/react-query';
import type { Vpc, VpcMap, VpcRouteTable, VpcRoutesPut } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { vpcStatus } from './vpc-base';

const keys = resourceKeys('/vpcs');
const poll = (busy: boolean) => (busy ? 2000 : false);

/** A VPC's route table; asks again every 2 s while the cloud programs it. */
export function useVpcRoutes(id: string | undefined) {
  return useQuery({
    queryKey: [...keys.detail(id ?? ''), 'routes'],
    queryFn: () => api.get<VpcRouteTable>(`/vpcs/${encodeURIComponent(id!)}/routes`, { track: false }),
    enabled: Boolean(id),
    refetchInterval: (q) => poll(q.state.data ? vpcStatus.busy(q.state.data) : false),
  });
}

export const putVpcRoutes = (id: string, body: VpcRoutesPut) =>
  api.put<VpcRouteTable>(`/vpcs/${encodeURIComponent(id)}/routes`, body);

/** What the map draws, in one call; asks again while the VPC is busy. */
export function useVpcMap(id: string) {
  return useQuery({
    queryKey: [...keys.detail(id), 'map'],
    queryFn: () => api.get<VpcMap>(`/vpcs/${encodeURIComponent(id)}/map`, { track: false }),
    refetchInterval: (q) => poll(q.state.data ? vpcStatus.busy(q.state.data.vpc) : false),
  });
}

/** Every VPC of the tenant: the route editor's VPC targets. */
export function useAllVpcs() {
  const query = { page: 0, limit: 0 };
  return useQuery({
    queryKey: keys.listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Vpc>>('/vpcs', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
  });
}
