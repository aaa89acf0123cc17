import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  clients,
  sessions,
  users,
  type ClientRow,
  type SessionRow,
  type UserRow,
} from '../db/schema/index.js';
import type { TenantScope } from '../db/tenant-scope.js';
import type { Clock } from './clock.js';

/** A session ends after 12 hours without a request. */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Sliding the expiry on every call would write on every read; once a minute is close enough. */
const TOUCH_AFTER_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The usage meter's last hour ('' before any), read with whoever calls: see LiveSession. */
export const METERED_THROUGH = sql<string>`coalesce((SELECT max(hour)::text FROM usage_meter_runs), '')`;

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  client: ClientRow;
  /**
   * The start of the last hour the usage meter metered ('' before any), read with the session
   * like the client's resources version: the stamp of every metered figure (decision 0028).
   */
  meteredThrough: string;
}

export interface SessionStore {
  /** Start a session; the token (256 random bits) is returned once and only its hash is kept. */
  create(input: { userId: string; clientId: string; ip?: string; userAgent?: string }): Promise<string>;
  /**
   * The live session of a token with its user and client, read fresh so locks and roles apply at
   * once. The token is what names the tenant, so this is the one session query without a scope.
   */
  find(token: string): Promise<LiveSession | null>;
  /**
   * The same by the token's hash, for what holds the hash and not the token (an open console).
   * `touch: false` reads without sliding the expiry, so a check alone keeps no session alive.
   */
  findByHash(tokenHash: string, options: { touch: boolean }): Promise<LiveSession | null>;
  revoke(scope: TenantScope, tokenHash: string): Promise<void>;
  /** End every session of a user, or every one but `exceptTokenHash` (the caller's own). */
  revokeUser(scope: TenantScope, userId: string, exceptTokenHash?: string): Promise<void>;
  /** End every session of every user of the scope's client (its service suspended). */
  revokeClient(scope: TenantScope): Promise<void>;
}

export function createSessionStore(db: Db, clock: Clock): SessionStore {
  // Every authenticated request runs this lookup: prepared once, so neither Drizzle nor the
  // database rebuilds and re-plans it per call. Placeholders skip the column's encoder, so the
  // time goes in as ISO text, which every driver passes through alike.
  const findLive = db
    .select({
      session: sessions,
      user: users,
      client: clients,
      meteredThrough: METERED_THROUGH,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A suspended customer's sessions are revoked with the suspension; this also stops one
        // opened by a sign-in that was deciding while the suspension committed.
        isNull(clients.suspendedAt),
      ),
    )
    .prepare('session_find_live');

  const findByHash: SessionStore['findByHash'] = async (tokenHash, { touch }) => {
    const now = clock.now();
    const [row] = await findLive.execute({ tokenHash, now: now.toISOString() });
    if (!row) return null;
    if (touch && now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.tokenHash, row.session.tokenHash));
      row.session = { ...row.session, lastSeenAt: now, expiresAt };
    }
    return row;
  };

  return {
    async create({ userId, clientId, ip, userAgent }) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        clientId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
        ip,
        // A header is the caller's to fill; keep enough to recognise a browser, not a novel.
        userAgent: userAgent?.slice(0, 512),
      });
      return token;
    },

    find: (token) => findByHash(hashToken(token), { touch: true }),
    findByHash,

    async revoke(scope, tokenHash) {
      await scope.update(
        sessions,
        { revokedAt: clock.now() },
        and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)),
      );
    },

    async revokeUser(scope, userId, exceptTokenHash) {
      await scope.update(
        sessions,
        { revokedAt: clock.now() },
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptTokenHash === undefined ? undefined : ne(sessions.tokenHash, exceptTokenHash),
        ),
      );
    },

    async revokeClient(scope) {
      await scope.update(sessions, { revokedAt: clock.now() }, isNull(sessions.revokedAt));
    },
  };
}
