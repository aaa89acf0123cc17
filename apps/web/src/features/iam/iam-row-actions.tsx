import Edit from '@mui/icons-material/Edit';
import Key from '@mui/icons-material/Key';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import {
  type AuthorityTree,
  type IamDelete,
  type IamPassword,
  type IamUser,
  canGrantRoles,
  hasAuthority,
} from '@portal/shared';
import { type KitAction, type ListSubject, defineAction } from '../../lib/resource-kit/definition';
import { deleteIamUser, iamUsers, lockIamUser, setIamPassword } from './iam-api';
import { SetPasswordDialog } from './set-password-dialog';
import { deleteAction } from '../../components/resource-kit/delete-action';

export type IamActionId = 'edit' | 'lock' | 'unlock' | 'password' | 'delete';

export interface RowContext {
  authority: AuthorityTree;
  /** The signed-in user's id: nobody acts on itself here (its own settings are on My Info). */
  selfId: string | undefined;
}

const MANAGE = 'iam/user/manage' as const;

/** The IAM user list as the kit's selection and action runner know it. */
export const iamUserList: ListSubject<IamUser> = {
  name: 'iam',
  namespace: 'iam',
  base: iamUsers.base,
  id: (u) => u.id,
  title: (u) => u.account,
  authority: { manage: MANAGE },
};

/** An action of the IAM list. */
export type IamAction = KitAction<IamUser> & { id: IamActionId };

/**
 * A user the caller may change: not itself, and not one holding a role the caller could not hand
 * out (the server refuses both with USER_DOES_NOT_HAVE_PERMISSION).
 */
const manageable = (row: IamUser, ctx: RowContext) =>
  row.id !== ctx.selfId && canGrantRoles(ctx.authority, row.roles);

/**
 * The IAM list's actions, declared as the kit's: a row shows those it may run (the others not at
 * all), as buttons; lock, unlock and delete run on a selection too, each user through its own
 * call (locking a locked user again changes nothing, so a mixed selection needs no sorting out).
 */
export function iamActions(ctx: RowContext): IamAction[] {
  const allowed = (row: IamUser) => (manageable(row, ctx) ? true : 'USER_DOES_NOT_HAVE_PERMISSION');
  const mine = (row: IamUser) => manageable(row, ctx);
  const common = { authority: MANAGE, allowed, shown: mine, primary: true };
  return [
    {
      ...common,
      id: 'edit',
      icon: <Edit fontSize="small" />,
      link: (row) => `/editIAM/${encodeURIComponent(row.id)}`,
    },
    {
      ...common,
      id: 'lock',
      icon: <Lock fontSize="small" />,
      shown: (row) => mine(row) && !row.isLock,
      confirm: 'confirm',
      bulk: true,
      run: (row, _input, options) => lockIamUser(row, true, options),
    },
    {
      ...common,
      id: 'unlock',
      icon: <LockOpen fontSize="small" />,
      shown: (row) => mine(row) && row.isLock,
      confirm: 'confirm',
      bulk: true,
      run: (row, _input, options) => lockIamUser(row, false, options),
    },
    {
      ...common,
      ...defineAction<IamUser, IamPassword>({
        id: 'password',
        icon: <Key fontSize="small" />,
        confirm: SetPasswordDialog,
        // The dialog shows a wrong password on its field, not as a toast.
        run: (row, body, options) => setIamPassword(row, body, { ...options, handleErrors: true }),
      }),
      id: 'password',
    },
    {
      ...common,
      ...deleteAction<IamUser, IamDelete>({ run: (row, body, options) => deleteIamUser(row, body, options) }),
      id: 'delete',
    },
  ];
}

/** The actions a row shows: those it has, that the caller holds the authority for and may take. */
export const allowedActions = (row: IamUser, ctx: RowContext, actions = iamActions(ctx)) =>
  actions.filter(
    (a) =>
      hasAuthority(ctx.authority, a.authority ?? MANAGE) &&
      a.allowed?.(row) === true &&
      (a.shown?.(row) ?? true),
  );
