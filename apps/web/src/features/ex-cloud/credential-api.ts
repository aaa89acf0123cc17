import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DestructiveBody,
  PublicCloudCredential,
  PublicCloudCredentialCreate,
  PublicCloudVm,
} from '@portal/shared';
import { publicCloudCredentialContract } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { resourceApi } from '../../lib/resource-kit/resource-api';

const credentials = resourceApi(publicCloudCredentialContract);

export const CREDENTIALS = '/public-cloud-credentials';
export const credentialKeys = resourceKeys(CREDENTIALS);
const vmKeys = (type: number) => ['/public-clouds', type, 'vms'] as const;

/** The caller's credentials (at most one per provider). */
export function useCredentials() {
  const query = { page: 0, limit: 0 };
  return useQuery({
    queryKey: credentialKeys.listQuery(query),
    queryFn: () =>
      api
        .get<Paged<PublicCloudCredential>>(CREDENTIALS, { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
  });
}

/** Adding or deleting a credential: afterwards the credentials and that provider's VMs are asked again. */
function useCredentialChange<V>(fn: (vars: V) => Promise<PublicCloudCredential>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: credentialKeys.all });
      await client.invalidateQueries({ queryKey: ['/public-clouds'] });
    },
  });
}

export const useAddCredential = () =>
  useCredentialChange((body: PublicCloudCredentialCreate) => credentials.create(body));

export const useDeleteCredential = () =>
  useCredentialChange(({ uuid, body }: { uuid: string; body: DestructiveBody }) =>
    credentials.remove(uuid, body),
  );

/** The VMs the provider shows for the caller's credential (asked only when there is one). */
export function usePublicCloudVms(type: number, enabled: boolean) {
  return useQuery({
    queryKey: vmKeys(type),
    queryFn: () =>
      api.get<PublicCloudVm[]>(`/public-clouds/${type}/vms`, { query: { t: Date.now() }, track: false }),
    enabled,
  });
}
