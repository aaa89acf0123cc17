/**
 * The role catalogue: each role grants authority leaves at a level. An IAM user's tree is the
 * union of its roles' grants; the root user's tree is `true` (everything).
 */
import {
  type AccessLevel,
  type AuthorityGroup,
  type AuthorityLeaf,
  type AuthorityTree,
  AUTHORITY_LEAVES,
  buildAuthorityTree,
  hasAuthority,
} from './authority.js';

export const ROLE_IDS = [
  'administrator',
  'computeOperator',
  'networkOperator',
  'storageOperator',
  'billingViewer',
  'userManager',
  'readOnly',
] as const;
export type RoleId = (typeof ROLE_IDS)[number];

const ACCOUNT_SELF: [AuthorityLeaf, AccessLevel][] = [
  ['myAccount/myInfo', 'manage'],
  ['myAccount/myTicket', 'manage'],
  ['dashboard', 'view'],
];

const all = (level: AccessLevel, except: AuthorityLeaf[] = []) =>
  AUTHORITY_LEAVES.filter((l) => !except.includes(l)).map((l): [AuthorityLeaf, AccessLevel] => [l, level]);

const of = (level: AccessLevel, leaves: AuthorityLeaf[]) =>
  leaves.map((l): [AuthorityLeaf, AccessLevel] => [l, level]);

/** Every leaf of a group (`network/vpc`, `network/vni`, ... of `network`). */
const groupLeaves = (group: AuthorityGroup) => AUTHORITY_LEAVES.filter((l) => l.startsWith(`${group}/`));

export const ROLE_GRANTS: Record<RoleId, [AuthorityLeaf, AccessLevel][]> = {
  // Everything but the people and the audit trail, which stay with the root user.
  administrator: all('manage', ['iam/user', 'iam/audit']),
  computeOperator: [
    ...ACCOUNT_SELF,
    ...of('manage', ['compute/vm', 'compute/disk', 'compute/snapshot']),
    ...of('view', ['network/vpc', 'network/vni', 'network/firewall', 'monitor/usage']),
  ],
  networkOperator: [...ACCOUNT_SELF, ...of('manage', groupLeaves('network')), ...of('view', ['compute/vm'])],
  storageOperator: [
    ...ACCOUNT_SELF,
    ...of('manage', ['storage/bucket', 'storage/ccis', 'compute/disk', 'compute/snapshot']),
    ...of('view', ['compute/vm']),
  ],
  billingViewer: [
    ...ACCOUNT_SELF,
    ...of('view', [
      'myAccount/orderManage',
      'myAccount/orderHistory',
      'billing/valuation',
      'monitor/usageReport',
      'monitor/usage',
    ]),
  ],
  // Manages the other IAM users; may only hand out roles within its own authority.
  userManager: [...ACCOUNT_SELF, ['iam/user', 'manage']],
  // Sees everything but the people and the audit trail, changes nothing but its own account
  // settings (password, email, two-step verification).
  readOnly: [...all('view', ['iam/user', 'iam/audit', 'myAccount/myInfo']), ['myAccount/myInfo', 'manage']],
};

/**
 * The server asks this on every request; there are few role sets, so each tree is built once.
 * The trees are shared: callers read them and never change them.
 */
const treesByRoles = new Map<string, AuthorityTree>();

export function authorityForRoles(roles: readonly string[]): AuthorityTree {
  const key = [...roles].sort().join(',');
  let tree = treesByRoles.get(key);
  if (tree === undefined) {
    tree = buildRolesTree(roles);
    treesByRoles.set(key, tree);
  }
  return tree;
}

function buildRolesTree(roles: readonly string[]): AuthorityTree {
  const grants = new Map<string, AccessLevel>();
  for (const role of roles) {
    // Own keys only: a stray role name such as "toString" grants nothing (and does not throw).
    const granted = Object.hasOwn(ROLE_GRANTS, role) ? ROLE_GRANTS[role as RoleId] : [];
    for (const [leaf, level] of granted) {
      if (grants.get(leaf) !== 'manage') grants.set(leaf, level);
    }
  }
  return buildAuthorityTree(grants);
}

export const ROOT_AUTHORITY: AuthorityTree = true;

/** The authority path a grant needs: the leaf to see it, `<leaf>/manage` to change it. */
export const grantPath = (leaf: string, level: AccessLevel) => (level === 'manage' ? `${leaf}/manage` : leaf);

/**
 * Whether a user holding `authority` may hand out `role`: every grant of the role must be one the
 * user holds itself, so an IAM user managing people cannot create (or become) someone stronger.
 * The same rule applies to changing a user who holds the role. Root (`true`) may hand out any.
 */
export function canGrantRole(authority: AuthorityTree | null | undefined, role: string): boolean {
  if (!Object.hasOwn(ROLE_GRANTS, role)) return false;
  return ROLE_GRANTS[role as RoleId].every(([leaf, level]) =>
    hasAuthority(authority, grantPath(leaf, level)),
  );
}

export const canGrantRoles = (authority: AuthorityTree | null | undefined, roles: readonly string[]) =>
  roles.every((role) => canGrantRole(authority, role));
