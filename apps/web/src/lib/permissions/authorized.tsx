import type { ReactNode } from 'react';
import type { AuthorityPath } from '@portal/shared';
import { usePermissions } from './use-permissions';

interface AuthorizedProps {
  /** Authority path walked down the permission tree, e.g. "myAccount/orderManage". */
  authority: AuthorityPath;
  children: ReactNode;
  /** Shown instead when the authority is missing (nothing by default). */
  fallback?: ReactNode;
}

/** Shows its children only if the named authority is granted (spec section 6). */
export function Authorized({ authority, children, fallback = null }: AuthorizedProps) {
  const { can } = usePermissions();
  return <>{can(authority) ? children : fallback}</>;
}
