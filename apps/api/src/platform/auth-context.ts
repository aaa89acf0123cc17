import { authorityForRoles, ROOT_AUTHORITY, type AuthorityTree } from '@portal/shared';
import type { ClientRow, UserRow } from '../db/schema/index.js';
import type { Db } from '../db/database.js';
import { tenantScope, type TenantScope } from '../db/tenant-scope.js';
import { unauthorized } from './errors.js';
import type { LiveSession, SessionStore } from './sessions.js';

/** Who is calling, loaded afresh on every request that needs it. */
export interface AuthContext {
  user: UserRow;
  client: ClientRow;
  tokenHash: string;
  /** Root holds everything; an IAM user what its roles grant (spec section 6). */
  authority: AuthorityTree;
  /** The caller's tenant: the only door to customer-owned rows. */
  tenant: TenantScope;
  /** The usage meter's last hour when the request began (LiveSession.meteredThrough). */
  meteredThrough: string;
  /** The API key the call came with (issue 27); absent for the console's sessions. */
  apiKey?: { id: string; name: string };
}

export const authorityOf = (user: Pick<UserRow, 'isRoot' | 'roles'>): AuthorityTree =>
  user.isRoot ? ROOT_AUTHORITY : authorityForRoles(user.roles);

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The caller of a token, or 401. A locked user is refused here, on the very next request after the
 * lock, and all of its sessions end so that unlocking does not revive them.
 */
export async function authenticate(
  db: Db,
  sessions: SessionStore,
  token: string | undefined,
): Promise<AuthContext> {
  if (!token) throw unauthorized();
  return contextOf(db, sessions, await sessions.find(token));
}

/** The caller of a live session as `authenticate` gives it, or 401 (none, or its user locked). */
export async function contextOf(
  db: Db,
  sessions: SessionStore,
  live: LiveSession | null,
): Promise<AuthContext> {
  if (!live) throw unauthorized();
  const tenant = tenantScope(db, live.client.id);
  if (live.user.isLocked) {
    await sessions.revokeUser(tenant, live.user.id);
    throw unauthorized();
  }
  return {
    user: live.user,
    client: live.client,
    tokenHash: live.session.tokenHash,
    authority: authorityOf(live.user),
    tenant,
    meteredThrough: live.meteredThrough,
  };
}
