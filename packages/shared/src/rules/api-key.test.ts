import { describe, expect, it } from 'vitest';
import { authorityForRoles, hasAuthority, ROOT_AUTHORITY } from '../index.js';
import { apiKeyCreateSchema } from '../schemas/api-key.js';
import { canExpireAt, grantableScope, keyAuthority } from './api-key.js';

const NOW = new Date('2026-11-28T08:00:00Z');

describe('canExpireAt', () => {
  it('takes a moment after now and up to the end of the day a year ahead', () => {
    expect(canExpireAt('2026-11-28T08:00:01Z', NOW)).toBe(true);
    expect(canExpireAt('2027-11-28T23:59:59+08:00', NOW)).toBe(true);
  });
  it('refuses now, the past, more than a year, and what is no time', () => {
    for (const at of ['2026-11-28T08:00:00Z', '2025-01-01T00:00:00Z', '2027-11-30T08:00:00Z', 'soon']) {
      expect(canExpireAt(at, NOW), at).toBe('validation.apiKeyExpiry');
    }
  });
});

describe('keyAuthority', () => {
  it('gives an unscoped key of root everything but the account and IAM', () => {
    const tree = keyAuthority(ROOT_AUTHORITY, null);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(true);
    expect(hasAuthority(tree, 'storage/bucket/manage')).toBe(true);
    expect(hasAuthority(tree, 'iam/user')).toBe(false);
    expect(hasAuthority(tree, 'myAccount/myInfo')).toBe(false);
  });
  it('never gives more than the user holds now, nor more than the key was given', () => {
    const user = authorityForRoles(['networkOperator']);
    const tree = keyAuthority(user, [
      { leaf: 'compute/vm', level: 'manage' },
      { leaf: 'storage/bucket', level: 'manage' },
    ]);
    expect(hasAuthority(tree, 'compute/vm')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(tree, 'storage/bucket')).toBe(false);
    const viewOnly = keyAuthority(ROOT_AUTHORITY, [{ leaf: 'compute/vm', level: 'view' }]);
    expect(hasAuthority(viewOnly, 'compute/vm')).toBe(true);
    expect(hasAuthority(viewOnly, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(viewOnly, 'compute/disk')).toBe(false);
  });
  it('offers to grant what the user holds, at the level held', () => {
    const grants = grantableScope(authorityForRoles(['networkOperator']));
    expect(grants).toContainEqual({ leaf: 'compute/vm', level: 'view' });
    expect(grants.some((g) => g.leaf.startsWith('iam/'))).toBe(false);
  });
});

describe('apiKeyCreateSchema', () => {
  it('refuses an account or IAM leaf, a leaf twice, and an empty scope', () => {
    const base = { name: 'ci', expiresAt: '2027-01-01T00:00:00Z' };
    for (const scope of [
      [{ leaf: 'iam/user', level: 'view' }],
      [{ leaf: 'myAccount/myInfo', level: 'manage' }],
      [
        { leaf: 'compute/vm', level: 'view' },
        { leaf: 'compute/vm', level: 'manage' },
      ],
      [],
    ]) {
      expect(apiKeyCreateSchema.safeParse({ ...base, scope }).success, JSON.stringify(scope)).toBe(false);
    }
    expect(apiKeyCreateSchema.parse(base).scope).toBeNull();
  });
});
