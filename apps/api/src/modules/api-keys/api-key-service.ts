import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  API_KEY_MAX_PER_USER,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  canExpireAt,
  hasAuthority,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyGrant,
} from '@portal/shared';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { fail, fieldsRefused, isUniqueViolation, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { hashToken } from '../../platform/sessions.js';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
});

/** Whether the user holds each grant, at its level: a key gives no more than its maker has. */
const holdsAll = (auth: AuthContext, scope: ApiKeyGrant[]) =>
  scope.every(
    (g) =>
      hasAuthority(auth.authority, g.leaf) &&
      (g.level === 'view' || hasAuthority(auth.authority, `${g.leaf}/manage`)),
  );

/** A user's own API keys: listed, made (the secret answered once) and revoked. */
export function createApiKeyService({ clock }: { clock: Clock }) {
  const own = (auth: AuthContext, where?: ReturnType<typeof eq>) =>
    auth.tenant.own(apiKeys, and(eq(apiKeys.userId, auth.user.id), where));

  return {
    async list(auth: AuthContext): Promise<ApiKey[]> {
      const rows = await auth.tenant.db
        .select()
        .from(apiKeys)
        .where(own(auth))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    async create(auth: AuthContext, body: ApiKeyCreate): Promise<ApiKeyCreated> {
      const db = auth.tenant.db;
      const now = clock.now();
      const expiry = canExpireAt(body.expiresAt, now);
      if (expiry !== true) throw fieldsRefused('FORMAT_ERROR', { expiresAt: expiry });
      const scope = body.scope ?? null;
      if (scope && !holdsAll(auth, scope))
        throw fieldsRefused('FORMAT_ERROR', { scope: 'validation.apiKeyScope' });
      // The user's row is the parent of their keys: two makings at once count one after the other.
      await db
        .select({ id: users.id })
        .from(users)
        .where(auth.tenant.own(users, eq(users.id, auth.user.id)))
        .for('update');
      const [held] = await db.select({ n: count() }).from(apiKeys).where(own(auth));
      if ((held?.n ?? 0) >= API_KEY_MAX_PER_USER) throw fail('API_KEY_LIMIT');
      const name = body.name.trim();
      const [same] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(own(auth, eq(apiKeys.name, name)));
      if (same) throw fail('API_KEY_NAME_EXISTS');
      const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          clientId: auth.client.id,
          userId: auth.user.id,
          name,
          secretHash: hashToken(secret),
          prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
          scope,
          expiresAt: new Date(body.expiresAt),
          createdAt: now,
        })
        .returning()
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? fail('API_KEY_NAME_EXISTS') : error;
        });
      return { ...toApiKey(row!), secret };
    },

    /** Revoked at once: the key's row goes, and the next call with it is 401. */
    async revoke(auth: AuthContext, id: string): Promise<ApiKey> {
      if (!isUuid(id)) throw notFound();
      const [row] = await auth.tenant.db
        .delete(apiKeys)
        .where(own(auth, eq(apiKeys.id, id.toLowerCase())))
        .returning();
      if (!row) throw notFound();
      return toApiKey(row);
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
