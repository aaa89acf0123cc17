import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The cloud products offered (the product menu of the portal). Seeded by a migration. */
export const resourceTypes = pgTable('resource_types', {
  id: serial('id').primaryKey(),
  productNameC: text('product_name_c').notNull(),
  productNameE: text('product_name_e').notNull(),
  sort: integer('sort').notNull(),
});

export type ResourceTypeRow = typeof resourceTypes.$inferSelect;
