import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { routeOfPath } from '../../router/route-of-path';
import { StatusPage } from '../../router/status-page';

/**
 * A console page shows only with its route's authority, walked down the cached tree (spec section
 * 6); before the tree loads nothing is granted, so the page waits.
 */
export function RouteAuthority({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { ready, can } = usePermissions();
  if (!ready) return <PageSpinner />;
  if (!can(routeOfPath(pathname)?.authority)) return <StatusPage kind="forbidden" />;
  return <>{children}</>;
}
