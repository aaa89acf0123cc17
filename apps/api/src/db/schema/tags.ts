import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns } from './columns.js';

/**
 * Tags of every declared resource (spec section 7): `res_type` is the last segment of the
 * resource's base path (`vms`, `disks`). Resource ids carry no foreign key here, so one table
 * serves every kind; a resource's delete removes its tags in the same transaction.
 */
export const resourceTags = pgTable(
  'resource_tags',
  {
    ...tenantColumns(),
    resType: text('res_type').notNull(),
    resId: uuid('res_id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('resource_tags_res_key_uq').on(t.clientId, t.resType, t.resId, t.key),
    index('resource_tags_type_key_idx').on(t.clientId, t.resType, t.key),
  ],
);

export type ResourceTagRow = typeof resourceTags.$inferSelect;
