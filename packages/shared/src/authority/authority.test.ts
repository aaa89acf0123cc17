import { describe, expect, it } from 'vitest';
import { type AuthorityTree, AUTHORITY_LEAVES, buildAuthorityTree, hasAuthority } from './authority.js';

describe('hasAuthority: the four rules of spec section 6', () => {
  // A tree from elsewhere may hold truthy non-booleans (myTicket: 1), hence the cast.
  const tree = {
    myAccount: { myInfo: true, orderManage: false, myTicket: 1 },
    compute: { vm: { view: true }, disk: true },
    network: false,
    iam: { user: {} },
  } as unknown as AuthorityTree;

  it('a node that is not an object decides by its truthiness', () => {
    expect(hasAuthority(tree, 'myAccount/myInfo')).toBe(true);
    expect(hasAuthority(tree, 'myAccount/orderManage')).toBe(false);
    expect(hasAuthority(tree, 'myAccount/myTicket')).toBe(true);
    // A true high up grants everything below it; a false refuses it.
    expect(hasAuthority(tree, 'compute/disk/manage')).toBe(true);
    expect(hasAuthority(tree, 'compute/disk/anything/deeper')).toBe(true);
    expect(hasAuthority(tree, 'network/vpc')).toBe(false);
    expect(hasAuthority(tree, 'network')).toBe(false);
    // A missing key is undefined, which is falsy.
    expect(hasAuthority(tree, 'storage/bucket')).toBe(false);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(false);
  });

  it('a path consumed on objects grants access', () => {
    expect(hasAuthority(tree, 'myAccount')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm')).toBe(true);
    expect(hasAuthority(tree, 'iam/user')).toBe(true); // even an empty object
    expect(hasAuthority(tree, '')).toBe(true);
    expect(hasAuthority({}, '')).toBe(true);
  });

  it('a plain boolean tree applies as it is', () => {
    expect(hasAuthority(true, 'anything/at/all')).toBe(true);
    expect(hasAuthority(true, '')).toBe(true);
    expect(hasAuthority(false, 'dashboard')).toBe(false);
    expect(hasAuthority(false, '')).toBe(false);
  });

  it('before permissions load (undefined or null) access is denied', () => {
    expect(hasAuthority(undefined, 'dashboard')).toBe(false);
    expect(hasAuthority(null, 'dashboard')).toBe(false);
    expect(hasAuthority(undefined, '')).toBe(false);
  });

  it('ignores empty segments (leading, trailing or doubled slashes)', () => {
    expect(hasAuthority(tree, '/compute/vm/')).toBe(true);
    expect(hasAuthority(tree, 'compute//vm')).toBe(true);
  });

  it('does not find inherited keys', () => {
    for (const path of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'compute/vm/constructor']) {
      expect(hasAuthority(tree, path)).toBe(false);
    }
  });
});

describe('buildAuthorityTree', () => {
  it('puts view, or view and manage, under each leaf', () => {
    expect(
      buildAuthorityTree([
        ['compute/vm', 'view'],
        ['compute/disk', 'manage'],
        ['dashboard', 'view'],
      ]),
    ).toEqual({
      compute: { vm: { view: true }, disk: { view: true, manage: true } },
      dashboard: { view: true },
    });
  });
  it('builds an empty tree from no grants, which only allows the empty path', () => {
    const tree = buildAuthorityTree([]);
    expect(tree).toEqual({});
    expect(hasAuthority(tree, 'dashboard')).toBe(false);
  });
  it('view allows the page and refuses changes; manage allows both', () => {
    const tree = buildAuthorityTree([
      ['compute/vm', 'view'],
      ['network/vpc', 'manage'],
    ]);
    expect(hasAuthority(tree, 'compute/vm')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm/view')).toBe(true);
    expect(hasAuthority(tree, 'compute/vm/manage')).toBe(false);
    expect(hasAuthority(tree, 'network/vpc/manage')).toBe(true);
    expect(hasAuthority(tree, 'compute')).toBe(true);
  });
});

describe('AUTHORITY_LEAVES', () => {
  it('are unique, and no leaf is a prefix of another', () => {
    expect(new Set(AUTHORITY_LEAVES).size).toBe(AUTHORITY_LEAVES.length);
    for (const a of AUTHORITY_LEAVES) {
      for (const b of AUTHORITY_LEAVES) if (a !== b) expect(b.startsWith(`${a}/`)).toBe(false);
    }
  });
  it('hold the spec keys myAccount and myAccount/orderManage', () => {
    expect(AUTHORITY_LEAVES).toContain('myAccount/orderManage');
    expect(AUTHORITY_LEAVES.some((l) => l.startsWith('myAccount/'))).toBe(true);
  });
});
