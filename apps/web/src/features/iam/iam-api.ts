import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IamDelete, IamPassword, IamUser, IamUserCreate, IamUserUpdate, Role } from '@portal/shared';
import { type RequestOptions, api } from '../../lib/api/api-client';
import { resource } from '../../lib/api/resource';
import type { ListQuery } from '../../lib/resource-kit/list-state';
import { getPage, useListPage } from '../../lib/resource-kit/resource-queries';

export const iamUsers = resource<IamUser, IamUserCreate>('/iam/users');
const rolesKey = ['/iam/roles'] as const;

const userPath = (id: string): `/iam/users/${string}` => `/iam/users/${encodeURIComponent(id)}`;

/** A page of the users with the list's search and sort (also each page of the export). */
export const fetchIamUsers = (query: ListQuery) => getPage<IamUser>(iamUsers.base, query);

export const useIamUsers = (query: ListQuery) => useListPage(iamUsers.keys.lists(), query, fetchIamUsers);

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

/** Lock or unlock a user: signed out at once, and kept out until unlocked. */
export const lockIamUser = (user: IamUser, lock: boolean, options?: RequestOptions) =>
  api.post<IamUser>(`${userPath(user.id)}/${lock ? 'lock' : 'unlock'}`, undefined, options);
export const setIamPassword = (user: IamUser, body: IamPassword, options?: RequestOptions) =>
  api.post<IamUser>(`${userPath(user.id)}/password`, body, options);
export const deleteIamUser = (user: IamUser, body: IamDelete, options?: RequestOptions) =>
  api.delete<unknown>(userPath(user.id), { ...options, body });
