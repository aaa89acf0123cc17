import type { ApiKeyGrant } from '@portal/shared';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns } from './columns.js';
import { users } from './users.js';

/**
 * API keys (issue 27): a user's keys for scripts. Only the secret's hash is kept; a revoked key's
 * row is deleted (the audit log keeps its creation and revocation), and a user's keys go with it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...tenantColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the secret (256 random bits, so no slow hash is needed): how a request finds it. */
    secretHash: text('secret_hash').notNull(),
    /** The secret's first characters, shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** `null`: the user's whole reach; else only these grants (within the user's roles). */
    scope: jsonb('scope').$type<ApiKeyGrant[] | null>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_uq').on(t.secretHash),
    // One name per user; the list is the user's keys newest first.
    uniqueIndex('api_keys_user_name_uq').on(t.userId, t.name),
    index('api_keys_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('api_keys_client_idx').on(t.clientId),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
