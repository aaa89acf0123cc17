import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, keyAuthority } from '@portal/shared';
import type { Db } from '../db/database.js';
import { apiKeys, clients, users } from '../db/schema/index.js';
import { tenantScope } from '../db/tenant-scope.js';
import { authorityOf, type AuthContext } from './auth-context.js';
import type { Clock } from './clock.js';
import { tryAgainLater, unauthorized } from './errors.js';
import { hashToken, METERED_THROUGH } from './sessions.js';
import type { ThrottleStore } from './throttle/store.js';

/** Writing the last use on every call would write on every read; once a minute, or a new address. */
const TOUCH_AFTER_MS = 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export interface KeyAuthenticator {
  /**
   * The caller of a key, or 401 (unknown, expired or revoked, its user locked or gone, its
   * customer suspended); 429 with Retry-After past the key's calls a minute. The authority is the
   * user's roles now, within the key's reach and scope.
   */
  authenticate(secret: string, ip: string): Promise<AuthContext>;
}

export function createKeyAuthenticator(deps: {
  db: Db;
  clock: Clock;
  store: ThrottleStore;
  perMinute: number;
}): KeyAuthenticator {
  const { db, clock, store, perMinute } = deps;
  // Every request with a key runs this lookup: prepared once, like the session's.
  const findLive = db
    .select({
      key: apiKeys,
      user: users,
      client: clients,
      meteredThrough: METERED_THROUGH,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .where(
      and(
        eq(apiKeys.secretHash, sql.placeholder('secretHash')),
        gt(apiKeys.expiresAt, sql.placeholder('now')),
        isNull(clients.suspendedAt),
      ),
    )
    .prepare('api_key_find_live');

  return {
    async authenticate(secret, ip) {
      const now = clock.now();
      const [row] = await findLive.execute({ secretHash: hashToken(secret), now: now.toISOString() });
      if (!row || row.user.isLocked) throw unauthorized();
      // A fixed window a minute: the count starts over on the minute, which Retry-After names.
      const window = Math.floor(now.getTime() / MINUTE_MS);
      if ((await store.hit(`api-key:${row.key.id}:${window}`, MINUTE_MS)) > perMinute) {
        throw tryAgainLater((window + 1) * MINUTE_MS - now.getTime());
      }
      const { lastUsedAt, lastUsedIp } = row.key;
      if (!lastUsedAt || lastUsedIp !== ip || now.getTime() - lastUsedAt.getTime() >= TOUCH_AFTER_MS) {
        await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, row.key.id));
      }
      return {
        user: row.user,
        client: row.client,
        tokenHash: row.key.secretHash,
        authority: keyAuthority(authorityOf(row.user), row.key.scope),
        tenant: tenantScope(db, row.client.id),
        meteredThrough: row.meteredThrough,
        apiKey: { id: row.key.id, name: row.key.name },
      };
    },
  };
}
