import { useQuery } from '@tanstack/react-query';
import { type AuthorityTree, type MenuEntry, hasAuthority } from '@portal/shared';
import { api } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { useStore } from '../store';
import { sessionStore } from '../session/session-store';

export interface Permissions {
  menu: MenuEntry[];
  authority: AuthorityTree;
}

export interface PermissionState extends Permissions {
  /** True once the permissions of the current token are loaded. */
  ready: boolean;
  can: (authority: string | undefined) => boolean;
}

/** Without a token nobody holds anything: an empty menu and no authority. */
const ANONYMOUS: Permissions = { menu: [], authority: false };

/** Permissions are fetched once per token and kept for its lifetime (spec section 4). */
export function usePermissions(): PermissionState {
  const token = useStore(sessionStore, (s) => s.token);
  const query = useQuery({
    queryKey: queryKeys.auth.page(token),
    queryFn: () =>
      token ? api.get<Permissions>('/auth/page', { track: false }) : Promise.resolve(ANONYMOUS),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const data = query.data;
  return {
    ready: query.isSuccess,
    menu: data?.menu ?? [],
    authority: data?.authority ?? false,
    // Before the tree loads, access is denied; a route without an authority needs only sign-in.
    can: (authority) =>
      authority === undefined ? query.isSuccess : hasAuthority(data?.authority, authority),
  };
}
