import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PriceUnit, ProductFunction } from '@portal/shared';
import { createdAt } from './columns.js';
import { resourceTypes } from './resource-types.js';

/** What a product page says about a product, in both languages. Seeded by a migration. */
export const productContents = pgTable('product_contents', {
  resourceTypeId: integer('resource_type_id')
    .primaryKey()
    .references(() => resourceTypes.id, { onDelete: 'cascade' }),
  summaryC: text('summary_c').notNull(),
  summaryE: text('summary_e').notNull(),
  overviewC: jsonb('overview_c').$type<string[]>().notNull(),
  overviewE: jsonb('overview_e').$type<string[]>().notNull(),
  functionsC: jsonb('functions_c').$type<ProductFunction[]>().notNull(),
  functionsE: jsonb('functions_e').$type<ProductFunction[]>().notNull(),
});

/**
 * The one price list (ARCHITECTURE, "Money is exact"): the product price pages show it, and the
 * console's estimates, valuation and orders will charge from it. Unit prices are exact decimals
 * in TWD, never floats; `code` is the stable name other tables and code refer to.
 */
export const priceItems = pgTable(
  'price_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id, { onDelete: 'restrict' }),
    nameC: text('name_c').notNull(),
    nameE: text('name_e').notNull(),
    unit: text('unit').$type<PriceUnit>().notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    currency: text('currency').notNull().default('TWD'),
    sort: integer('sort').notNull(),
  },
  (t) => [index('price_items_resource_type_idx').on(t.resourceTypeId, t.sort)],
);

/** News of the portal: newest first, in pages, so the list's sort has its index. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    titleC: text('title_c').notNull(),
    titleE: text('title_e').notNull(),
    summaryC: text('summary_c').notNull(),
    summaryE: text('summary_e').notNull(),
    bodyC: jsonb('body_c').$type<string[]>().notNull(),
    bodyE: jsonb('body_e').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt.desc(), t.id.desc())],
);

export type ProductContentRow = typeof productContents.$inferSelect;
export type PriceItemRow = typeof priceItems.$inferSelect;
export type NewsRow = typeof news.$inferSelect;
