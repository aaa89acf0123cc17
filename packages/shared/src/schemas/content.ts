import { z } from 'zod';
import { pagedSchema } from './common.js';

/**
 * Public content of the portal: the product pages (overview, functions, price list) and the news.
 * Like the product menu (spec section 3), answers carry both languages (…C Traditional Chinese,
 * …E English) and the page picks one, so switching language needs no new call.
 */

/** Numeric database ids travel as strings (spec section 3). */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A product as the products menu lists it (spec section 3, "Resource type"). */
export const resourceTypeSchema = z.object({
  id: z.string(),
  productNameC: z.string(),
  productNameE: z.string(),
});
export type ResourceType = z.infer<typeof resourceTypeSchema>;

/** The three views of a product page (spec section 2, /product/{id}/{view}). */
export const PRODUCT_VIEWS = ['overview', 'functions', 'price'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/**
 * What one line of the price list is charged per. The console's estimates multiply a unit price by
 * a quantity in exactly this unit, so the set is closed.
 */
export const PRICE_UNITS = [
  'vcpuHour',
  'gbRamHour',
  'gbMonth',
  'gbTransfer',
  'instanceHour',
  'instanceMonth',
  'ipHour',
  'mbpsMonth',
  'portMonth',
  'tenThousandRequests',
] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** The price list is in New Taiwan dollars. */
export const PRICE_CURRENCY = 'TWD';

/**
 * A decimal amount as a string ("0.8500"): money is never a float (ARCHITECTURE, "Money is
 * exact"). Four decimals because per-hour prices are fractions of a dollar.
 */
export const decimalAmountSchema = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);

/** One line of the price list: the figure the price page shows and the console's estimates use. */
export const priceItemSchema = z.object({
  code: z.string(),
  productId: z.string(),
  nameC: z.string(),
  nameE: z.string(),
  unit: z.enum(PRICE_UNITS),
  unitPrice: decimalAmountSchema,
  currency: z.literal(PRICE_CURRENCY),
});
export type PriceItem = z.infer<typeof priceItemSchema>;

export const productFunctionSchema = z.object({ title: z.string(), body: z.string() });
export type ProductFunction = z.infer<typeof productFunctionSchema>;

/** Everything a product page shows, in both languages. */
export const productDetailSchema = resourceTypeSchema.extend({
  summaryC: z.string(),
  summaryE: z.string(),
  /** Paragraphs, in order. */
  overviewC: z.array(z.string()),
  overviewE: z.array(z.string()),
  functionsC: z.array(productFunctionSchema),
  functionsE: z.array(productFunctionSchema),
  prices: z.array(priceItemSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const priceListQuerySchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  t: z.coerce.number().optional(),
});

/** A news item as the list shows it. */
export const newsSummarySchema = z.object({
  id: z.string(),
  /** ISO 8601 date-time. */
  publishedAt: z.string(),
  titleC: z.string(),
  titleE: z.string(),
  summaryC: z.string(),
  summaryE: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsItemSchema = newsSummarySchema.extend({
  /** Paragraphs, in order. */
  bodyC: z.array(z.string()),
  bodyE: z.array(z.string()),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const NEWS_PAGE_SIZE_MAX = 50;

/** News list query: server-side paging from page 0, newest first. */
export const newsListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(NEWS_PAGE_SIZE_MAX).default(10),
  t: z.coerce.number().optional(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsPageSchema = pagedSchema(newsSummarySchema);
export type NewsPage = z.infer<typeof newsPageSchema>;
