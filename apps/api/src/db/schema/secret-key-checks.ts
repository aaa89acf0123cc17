import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One value sealed by the secrets key on the database's first start (platform/secret-key-check.ts):
 * a later start with another key cannot open it, and refuses to start instead of failing on the
 * first credential or certificate it reads.
 */
export const secretKeyChecks = pgTable('secret_key_checks', {
  id: integer('id').primaryKey(),
  sealed: text('sealed').notNull(),
});
