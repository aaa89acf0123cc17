import { describe, expect, it } from 'vitest';
import { AUTHORITY_LEAVES, hasAuthority } from './authority.js';
import {
  authorityForRoles,
  canGrantRole,
  canGrantRoles,
  ROLE_GRANTS,
  ROLE_IDS,
  ROOT_AUTHORITY,
} from './roles.js';

describe('authorityForRoles', () => {
  it('readOnly sees compute/vm but may not manage it', () => {
    const tree = authorityForRoles(['readOnly']);
    expect(hasAuthority(tree, 'compute/vm')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(tree, 'network/firewall/manage')).toBe(false);
    // Its own password and two-factor are the exception.
    expect(hasAuthority(tree, 'myAccount/myInfo/manage')).toBe(true);
    expect(hasAuthority(tree, 'iam/user')).toBe(false);
  });

  it('administrator manages everything but people and the audit trail', () => {
    const tree = authorityForRoles(['administrator']);
    expect(hasAuthority(tree, 'iam/user')).toBe(false);
    expect(hasAuthority(tree, 'iam/audit')).toBe(false);
    for (const leaf of AUTHORITY_LEAVES.filter((l) => !l.startsWith('iam/'))) {
      expect(hasAuthority(tree, `${leaf}/manage`), leaf).toBe(true);
    }
  });

  it('the root tree `true` allows anything', () => {
    expect(ROOT_AUTHORITY).toBe(true);
    expect(hasAuthority(ROOT_AUTHORITY, 'iam/user/manage')).toBe(true);
    expect(hasAuthority(ROOT_AUTHORITY, 'no/such/path')).toBe(true);
  });

  it('unions roles, and manage is never lowered by a later view', () => {
    const tree = authorityForRoles(['computeOperator', 'readOnly']);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(true);
    expect(hasAuthority(tree, 'storage/bucket')).toBe(true);
    expect(hasAuthority(tree, 'storage/bucket/manage')).toBe(false);
    const reversed = authorityForRoles(['readOnly', 'computeOperator']);
    expect(reversed).toEqual(tree);
  });

  it('operators stay in their area', () => {
    const network = authorityForRoles(['networkOperator']);
    expect(hasAuthority(network, 'network/vpc/manage')).toBe(true);
    expect(hasAuthority(network, 'compute/vm')).toBe(true);
    expect(hasAuthority(network, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(network, 'storage/bucket')).toBe(false);
    const billing = authorityForRoles(['billingViewer']);
    expect(hasAuthority(billing, 'myAccount/orderManage')).toBe(true);
    expect(hasAuthority(billing, 'myAccount/orderManage/manage')).toBe(false);
    expect(hasAuthority(billing, 'compute/vm')).toBe(false);
  });

  it('no roles, or unknown ones, grant nothing (and do not throw)', () => {
    expect(authorityForRoles([])).toEqual({});
    expect(authorityForRoles(['nope', 'toString', '__proto__', 'constructor'])).toEqual({});
  });

  it('every role grants only known leaves, and every role id has grants', () => {
    expect(Object.keys(ROLE_GRANTS).sort()).toEqual([...ROLE_IDS].sort());
    for (const id of ROLE_IDS) {
      expect(ROLE_GRANTS[id].length, id).toBeGreaterThan(0);
      for (const [leaf] of ROLE_GRANTS[id]) expect(AUTHORITY_LEAVES).toContain(leaf);
    }
  });

  it('every IAM role can reach its own account info and the dashboard', () => {
    for (const id of ROLE_IDS) {
      const tree = authorityForRoles([id]);
      expect(hasAuthority(tree, 'myAccount/myInfo/manage'), id).toBe(true);
      expect(hasAuthority(tree, 'dashboard'), id).toBe(true);
    }
  });
});

describe('canGrantRole', () => {
  it('root may hand out every role', () => {
    for (const id of ROLE_IDS) expect(canGrantRole(ROOT_AUTHORITY, id), id).toBe(true);
  });

  it('a user manager may hand out only roles within its own authority', () => {
    const manager = authorityForRoles(['userManager']);
    expect(canGrantRole(manager, 'userManager')).toBe(true);
    expect(canGrantRole(manager, 'administrator')).toBe(false);
    expect(canGrantRole(manager, 'readOnly')).toBe(false);
    const strong = authorityForRoles(['userManager', 'administrator']);
    expect(canGrantRoles(strong, ['administrator', 'computeOperator', 'readOnly'])).toBe(true);
  });

  it('unknown roles and an unloaded tree grant nothing', () => {
    expect(canGrantRole(ROOT_AUTHORITY, 'toString')).toBe(false);
    expect(canGrantRole(undefined, 'readOnly')).toBe(false);
  });
});
