import { describe, expect, it } from 'vitest';
import { authorityForRoles, ROOT_AUTHORITY, type IamUser } from '@portal/shared';
import { allowedActions } from './iam-row-actions';

const user = (over: Partial<IamUser> = {}): IamUser => ({
  id: 'u1',
  account: 'ops',
  roles: ['computeOperator'],
  email: '',
  lastSetPasswordDate: null,
  lastLoginDate: null,
  enableTwoFactor: false,
  isLock: false,
  ...over,
});
const ids = (row: IamUser, authority: Parameters<typeof allowedActions>[1]['authority'], selfId = 'root') =>
  allowedActions(row, { authority, selfId }).map((a) => a.id);

describe('IAM row actions', () => {
  it('root may edit, lock, set the password of and delete an active user; unlock replaces lock', () => {
    expect(ids(user(), ROOT_AUTHORITY)).toEqual(['edit', 'lock', 'password', 'delete']);
    expect(ids(user({ isLock: true }), ROOT_AUTHORITY)).toEqual(['edit', 'unlock', 'password', 'delete']);
  });

  it('nobody acts on itself here', () => {
    expect(ids(user({ id: 'me', roles: ['userManager'] }), authorityForRoles(['userManager']), 'me')).toEqual(
      [],
    );
  });

  it('a user manager cannot act on users stronger than itself', () => {
    const manager = authorityForRoles(['userManager']);
    expect(ids(user({ roles: ['administrator'] }), manager, 'me')).toEqual([]);
    expect(ids(user({ roles: ['userManager'] }), manager, 'me')).toEqual([
      'edit',
      'lock',
      'password',
      'delete',
    ]);
  });

  it('viewing without iam/user/manage offers no action', () => {
    expect(ids(user(), { iam: { user: { view: true } } })).toEqual([]);
  });
});
