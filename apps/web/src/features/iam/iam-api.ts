import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IamDelete, IamPassword, IamUser, IamUserCreate, IamUserUpdate, Role } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resource } from '../../lib/api/resource';
import type { TableQuery } from '../../components/resource-table/resource-column';

export const iamUsers = resource<IamUser, IamUserCreate>('/iam/users');
const rolesKey = ['/iam/roles'] as const;

const userPath = (id: string) => `${iamUsers.base}/${encodeURIComponent(id)}`;

export function useIamUsers(query: TableQuery & { search?: string }) {
  return useQuery({
    queryKey: [...iamUsers.keys.list(query), query.search ?? ''],
    queryFn: () =>
      iamUsers.list(query, { query: query.search ? { search: query.search } : undefined, track: false }),
    placeholderData: keepPreviousData,
  });
}

export function useIamUser(id: string | undefined) {
  return useQuery({
    queryKey: iamUsers.keys.detail(id ?? ''),
    queryFn: () => iamUsers.get(id!),
    enabled: Boolean(id),
  });
}

/** The role catalogue with what each grants and whether the caller may hand it out. */
export function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => api.get<Role[]>('/iam/roles'), staleTime: 60_000 });
}

/** Every change refreshes the lists and the user's detail. */
function useIamMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: iamUsers.keys.all }),
  });
}

export const useCreateIamUser = () => useIamMutation((body: IamUserCreate) => iamUsers.create(body));
export const useUpdateIamUser = () =>
  useIamMutation(({ id, ...body }: IamUserUpdate & { id: string }) => api.patch<IamUser>(userPath(id), body));
export const useLockIamUser = () =>
  useIamMutation(({ id, lock }: { id: string; lock: boolean }) =>
    api.post<IamUser>(`${userPath(id)}/${lock ? 'lock' : 'unlock'}`),
  );
/** Wrong confirmation passwords are shown on the dialog, not as a toast. */
export const useSetIamPassword = () =>
  useIamMutation(({ id, ...body }: IamPassword & { id: string }) =>
    api.post<IamUser>(`${userPath(id)}/password`, body, { handleErrors: true }),
  );
export const useDeleteIamUser = () =>
  useIamMutation(({ id, ...body }: IamDelete & { id: string }) =>
    api.delete<unknown>(userPath(id), { body, handleErrors: true }),
  );
