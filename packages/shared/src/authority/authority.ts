/**
 * The authority tree of spec section 6 and the walk that decides access, used by the web (to show
 * a page, a menu entry or a button) and by the API (to allow a call).
 */
export type AuthorityTree = boolean | { [segment: string]: AuthorityTree };

/**
 * Walk `path` (slash-separated) down `tree`:
 * - a plain boolean tree applies as it is;
 * - a node that is not an object decides by its truthiness (a `true` high up grants all below);
 * - a path consumed on objects grants access;
 * - before the tree is loaded (`undefined`/`null`) access is denied.
 */
export function hasAuthority(tree: AuthorityTree | null | undefined, path: string): boolean {
  if (tree === undefined || tree === null) return false;
  let node: unknown = tree;
  for (const segment of path.split('/').filter(Boolean)) {
    if (typeof node !== 'object' || node === null) return Boolean(node);
    // Own keys only: "constructor", "toString" or "__proto__" must not find Object.prototype.
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  if (typeof node === 'object' && node !== null) return true;
  return Boolean(node);
}

/**
 * The leaves of the tree a role can grant. A resource leaf holds `view` (see it) and `manage`
 * (change it); pages need the leaf itself, changes need `<leaf>/manage`.
 */
export const AUTHORITY_LEAVES = [
  'myAccount/myInfo',
  'myAccount/myTicket',
  'myAccount/orderManage',
  'myAccount/orderHistory',
  'dashboard',
  'iam/user',
  'iam/audit',
  'compute/vm',
  'compute/disk',
  'compute/snapshot',
  'network/vpc',
  'network/vni',
  'network/firewall',
  'network/balancer',
  'network/ccx',
  'network/exCloud',
  'storage/bucket',
  'storage/ccis',
  'monitor/alarm',
  'monitor/usage',
  'monitor/usageReport',
  'billing/valuation',
] as const;
export type AuthorityLeaf = (typeof AUTHORITY_LEAVES)[number];
export type AccessLevel = 'view' | 'manage';

/** The group a leaf sits in (`compute` of `compute/vm`): a menu group needs any of its leaves. */
export type AuthorityGroup = AuthorityLeaf extends infer L
  ? L extends `${infer G}/${string}`
    ? G
    : never
  : never;

/**
 * Every path a page, a route or an action may need: a leaf (see it), its `manage` (change it), or a
 * group. Typed, so a misspelt authority (`compute/dsik`) fails the type check instead of silently
 * hiding the resource from every IAM user.
 */
export type AuthorityPath = AuthorityLeaf | `${AuthorityLeaf}/manage` | AuthorityGroup;

/** The path that changes a leaf's resources. */
export const manageOf = <L extends AuthorityLeaf>(leaf: L): `${L}/manage` => `${leaf}/manage`;

/** Build a tree from grants: each leaf gets the levels granted for it. */
export function buildAuthorityTree(grants: Iterable<[string, AccessLevel]>): AuthorityTree {
  const tree: { [k: string]: AuthorityTree } = {};
  for (const [leaf, level] of grants) {
    let node = tree;
    for (const segment of leaf.split('/')) {
      const child = node[segment];
      if (typeof child !== 'object') node[segment] = {};
      node = node[segment] as { [k: string]: AuthorityTree };
    }
    node.view = true;
    if (level === 'manage') node.manage = true;
  }
  return tree;
}
