import { API_KEY_MAX_DAYS, type ApiKeyGrant, KEY_LEAVES } from '../schemas/api-key.js';
import { type AuthorityTree, buildAuthorityTree, hasAuthority } from '../authority/authority.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A key's end: after `now`, and at most a year ahead, with the day it ends on counted whole (a
 * form picks a day and sends its last moment in the user's zone).
 */
export function canExpireAt(expiresAt: string, now: Date): true | 'validation.apiKeyExpiry' {
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at) || at <= now.getTime()) return 'validation.apiKeyExpiry';
  return at <= now.getTime() + (API_KEY_MAX_DAYS + 1) * DAY_MS ? true : 'validation.apiKeyExpiry';
}

/**
 * What a request with a key may do: its user's authority now, within the leaves a key reaches,
 * narrowed to the key's grants when it has them. Computed per request, so a role taken from the
 * user shrinks every key of theirs at once.
 */
export function keyAuthority(user: AuthorityTree, scope: readonly ApiKeyGrant[] | null): AuthorityTree {
  const grants: [string, 'view' | 'manage'][] = [];
  for (const leaf of KEY_LEAVES) {
    const granted = scope === null ? 'manage' : scope.find((g) => g.leaf === leaf)?.level;
    if (!granted || !hasAuthority(user, leaf)) continue;
    const manage = granted === 'manage' && hasAuthority(user, `${leaf}/manage`);
    grants.push([leaf, manage ? 'manage' : 'view']);
  }
  return buildAuthorityTree(grants);
}

/** The grants a user may give a key: the key leaves the user holds, each at the level held. */
export function grantableScope(user: AuthorityTree): ApiKeyGrant[] {
  return KEY_LEAVES.filter((leaf) => hasAuthority(user, leaf)).map((leaf) => ({
    leaf,
    level: hasAuthority(user, `${leaf}/manage`) ? 'manage' : 'view',
  }));
}
