import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type AuthorityPath, type AuthorityTree, type MenuEntry, hasAuthority } from '@portal/shared';
import { api } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { useStore } from '../store';
import type { STAFF_ONLY } from '../resource-kit/definition';
import { sessionStore } from '../session/session-store';

export interface Permissions {
  menu: MenuEntry[];
  authority: AuthorityTree;
}

export interface PermissionState extends Permissions {
  /** True once the permissions of the current token are loaded. */
  ready: boolean;
  can: (authority: AuthorityPath | typeof STAFF_ONLY | undefined) => boolean;
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
  const loaded = query.isSuccess;
  // One function while the tree stays the same: lists memoise their columns (and so their rows)
  // on it, and a new one at every render drew every row again.
  const can = useCallback(
    (authority: AuthorityPath | typeof STAFF_ONLY | undefined) =>
      // Before the tree loads, access is denied; a route without an authority needs only sign-in.
      authority === undefined ? loaded : hasAuthority(data?.authority, authority),
    [loaded, data],
  );
  return { ready: loaded, menu: data?.menu ?? [], authority: data?.authority ?? false, can };
}
