import { z } from 'zod';
import { METERED_UNITS, USAGE_KINDS, USAGE_MONTH_PATTERN, VALUATION_ITEMS } from '../pricing/usage.js';
import { pageQuerySchema, pagedSchema } from './common.js';
import { decimalAmountSchema } from './content.js';

/** A month of the report ('YYYY-MM'); the customer's current month when left out. */
const monthSchema = z.string().regex(USAGE_MONTH_PATTERN, 'validation.needBeOneOf').optional();

/** An exact quantity as text: up to nine decimals (transfer in GB), never a float. */
const quantitySchema = z.string().regex(/^\d{1,24}(\.\d{1,9})?$/);

export const USAGE_REPORT_SORTS = ['kind', 'name', 'code', 'quantity', 'amount'] as const;
export type UsageReportSort = (typeof USAGE_REPORT_SORTS)[number];

export const usageMonthQuerySchema = z.object({ month: monthSchema });
export type UsageMonthQuery = z.infer<typeof usageMonthQuerySchema>;

/** The report's lines: a month, a page, a sort and, optionally, one kind. */
export const usageReportQuerySchema = pageQuerySchema
  .pick({ page: true, limit: true, orderby: true })
  .extend({
    month: monthSchema,
    sort: z.enum(USAGE_REPORT_SORTS).optional(),
    kind: z.enum(USAGE_KINDS).optional(),
  });
export type UsageReportQuery = z.infer<typeof usageReportQuerySchema>;

/** A price-list line as the report and the valuation name and charge it. */
export const usagePriceSchema = z.object({
  nameC: z.string(),
  nameE: z.string(),
  unit: z.string(),
  unitPrice: decimalAmountSchema,
});
export type UsagePrice = z.infer<typeof usagePriceSchema>;

/** One resource's use of one price code in the month (a VM's vCPU-hours at one size, ...). */
export const usageLineSchema = z.object({
  kind: z.enum(USAGE_KINDS),
  resourceId: z.string(),
  /** The resource's name when last metered: a deleted resource keeps its line. */
  name: z.string(),
  /** Language-neutral facts of the line (a VM's size, a disk's GB, an address). */
  detail: z.string(),
  code: z.string(),
  unit: z.enum(METERED_UNITS),
  /** Metered units per unit of the price list (730 for a monthly price metered by the hour). */
  per: z.number().int(),
  quantity: quantitySchema,
  /** Hours metered into the line (1 for a month's figure such as a commitment). */
  hours: z.number().int(),
  amount: decimalAmountSchema,
  firstHour: z.string(),
  lastHour: z.string(),
});
export type UsageLine = z.infer<typeof usageLineSchema>;

export const usageKindTotalSchema = z.object({ kind: z.enum(USAGE_KINDS), amount: decimalAmountSchema });

export const usageReportSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  currency: z.literal('TWD'),
  /** The end of the last hour metered into the month; null before the first. */
  meteredThrough: z.string().nullable(),
  lines: pagedSchema(usageLineSchema),
  kinds: z.array(usageKindTotalSchema),
  total: decimalAmountSchema,
  /** The price list's lines the page's lines name, by code. */
  prices: z.record(z.string(), usagePriceSchema),
});
export type UsageReport = z.infer<typeof usageReportSchema>;

/** The chart: each day's amount per kind (days in the customer's time zone). */
export const usageDailySchema = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), kind: z.enum(USAGE_KINDS), amount: decimalAmountSchema })),
});
export type UsageDaily = z.infer<typeof usageDailySchema>;

/** A price code's use within an item of the valuation, so far and as forecast to the month's end. */
export const valuationLineSchema = z.object({
  code: z.string(),
  unit: z.enum(METERED_UNITS),
  per: z.number().int(),
  unitPrice: decimalAmountSchema,
  quantity: quantitySchema,
  amount: decimalAmountSchema,
  forecastQuantity: quantitySchema,
  forecastAmount: decimalAmountSchema,
});
export type ValuationLine = z.infer<typeof valuationLineSchema>;

export const valuationItemSchema = z.object({
  item: z.enum(VALUATION_ITEMS),
  lines: z.array(valuationLineSchema),
  amount: decimalAmountSchema,
  forecastAmount: decimalAmountSchema,
});
export type ValuationItemTotal = z.infer<typeof valuationItemSchema>;

/** The monthly cost estimate (spec section 3, "Valuation"). */
export const valuationSchema = z.object({
  month: z.string(),
  /** The day the figures stand at: today, or the month's last day once it is over. */
  date: z.string(),
  timeZone: z.string(),
  currency: z.literal('TWD'),
  meteredThrough: z.string().nullable(),
  hoursInMonth: z.number().int(),
  hoursMetered: z.number().int(),
  /** Hours from the last metered one to the month's end: what the forecast adds at today's rate. */
  hoursLeft: z.number().int(),
  /** VMs that used anything in the month (deleted ones too), and what they cost. */
  vms: z.object({
    count: z.number().int(),
    amount: decimalAmountSchema,
    forecastAmount: decimalAmountSchema,
  }),
  items: z.array(valuationItemSchema),
  dataStore: z.object({
    commitGb: z.number().int(),
    /** The month's peak of the customer's buckets' summed size (the hourly measures). */
    maximumUsageBytes: z.number().int(),
    maximumUsageAt: z.string().nullable(),
    excessGb: z.number().int(),
    commitAmount: decimalAmountSchema,
    excessAmount: decimalAmountSchema,
  }),
  monthToDate: decimalAmountSchema,
  forecast: decimalAmountSchema,
  prices: z.record(z.string(), usagePriceSchema),
});
export type Valuation = z.infer<typeof valuationSchema>;
