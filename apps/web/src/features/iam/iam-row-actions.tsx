import type { ReactNode } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Key from '@mui/icons-material/Key';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import { canGrantRoles, hasAuthority, type AuthorityTree, type IamUser } from '@portal/shared';

export type IamActionId = 'edit' | 'lock' | 'unlock' | 'password' | 'delete';

export interface RowContext {
  authority: AuthorityTree;
  /** The signed-in user's id: nobody acts on itself here (its own settings are on My Info). */
  selfId: string | undefined;
}

export interface RowAction<T> {
  id: IamActionId;
  icon: ReactNode;
  /** The authority path the action needs, walked like the server's guard does. */
  authority: string;
  allowed: (row: T, ctx: RowContext) => boolean;
  destructive?: boolean;
}

/**
 * A user the caller may change: not itself, and not one holding a role the caller could not hand
 * out (the server refuses both with USER_DOES_NOT_HAVE_PERMISSION).
 */
const manageable = (row: IamUser, ctx: RowContext) =>
  row.id !== ctx.selfId && canGrantRoles(ctx.authority, row.roles);

/** The row actions of the IAM list, declared as data; the page renders and runs them. */
export const IAM_ROW_ACTIONS: RowAction<IamUser>[] = [
  { id: 'edit', icon: <Edit fontSize="small" />, authority: 'iam/user/manage', allowed: manageable },
  {
    id: 'lock',
    icon: <Lock fontSize="small" />,
    authority: 'iam/user/manage',
    allowed: (row, ctx) => !row.isLock && manageable(row, ctx),
  },
  {
    id: 'unlock',
    icon: <LockOpen fontSize="small" />,
    authority: 'iam/user/manage',
    allowed: (row, ctx) => row.isLock && manageable(row, ctx),
  },
  { id: 'password', icon: <Key fontSize="small" />, authority: 'iam/user/manage', allowed: manageable },
  {
    id: 'delete',
    icon: <DeleteOutline fontSize="small" />,
    authority: 'iam/user/manage',
    allowed: manageable,
    destructive: true,
  },
];

export const allowedActions = (row: IamUser, ctx: RowContext) =>
  IAM_ROW_ACTIONS.filter((a) => hasAuthority(ctx.authority, a.authority) && a.allowed(row, ctx));
