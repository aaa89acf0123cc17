import { z } from 'zod';
import { ANNUAL_CONTRACT_MONTHS } from '../constants.js';
import { OrderResType, OrderStatus } from '../enums/order.js';
import { zEnumValue, zUuid } from '../validators/zod.js';
import { decimalAmountSchema } from './content.js';
import { orderedRange, pageQuerySchema, pagedSchema } from './common.js';
import { currentPasswordSchema } from './resource.js';

/**
 * Orders (routes orderManage, orderCreate, orderHistory; log code 10016; spec section 3 "Order"):
 * a VM's annual contract, or a data-store purchase. Days are 'YYYY-MM-DD' in the customer's time
 * zone; `orderEDate` is the first day the term no longer covers.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const orderSchema = z.object({
  id: z.string(),
  /** The order number people read and quote (VM20260302-1A2B3C, DS20260302-4D5E6F). */
  orderNo: z.string(),
  resType: zEnumValue(OrderResType),
  /** The VM (null once it is deleted) or the data-store term the order is for. */
  resUuid: z.string().nullable(),
  /** The VM's name when ordered (kept after it is gone); "CCIS" for the data store. */
  resName: z.string(),
  /** A VM's size, fixed while annual; the data store's commitment. */
  cpuCore: z.number().int().nullable(),
  ramSize: z.number().int().nullable(),
  commitGb: z.number().int().nullable(),
  contractMonth: z.number().int(),
  orderDate: day,
  /** The end of the term in force (moves on at each renewal). */
  orderEDate: day,
  status: zEnumValue(OrderStatus),
  autoRenew: z.boolean(),
  /** Terms started by renewal since the order. */
  renewals: z.number().int(),
  /** The price fixed when ordered (or renewed): per month and for the whole term. */
  monthlyPrice: decimalAmountSchema,
  termPrice: decimalAmountSchema,
  /** Who ordered it. */
  account: z.string(),
  createdAt: z.string(),
  /** When the VM became annual; when the user cancelled; when the order stopped being in force. */
  convertedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Moves on with every change of the row. */
  version: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_EVENT_KINDS = ['create', 'renew', 'status', 'cancel'] as const;

/** One line of an order's history: its creation, each renewal, each change of status. */
export const orderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  status: zEnumValue(OrderStatus),
  beginDate: day.nullable(),
  endDate: day.nullable(),
  termPrice: decimalAmountSchema.nullable(),
  account: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderDetailSchema = orderSchema.extend({ events: z.array(orderEventSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

const months = z
  .number({ error: 'validation.needBeOneOf' })
  .int('validation.needBeOneOf')
  .refine((v) => (ANNUAL_CONTRACT_MONTHS as readonly number[]).includes(v), 'validation.needBeOneOf');

/**
 * Convert an on-demand VM to an annual contract (POST /api/orders), with an Idempotency-Key
 * header and the login password (spec section 5).
 */
export const orderCreateSchema = z.object({
  vmId: zUuid(),
  months,
  autoRenew: z.boolean().default(true),
  currentPassword: currentPasswordSchema,
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const orderCancelSchema = z.object({ currentPassword: currentPasswordSchema });
export type OrderCancel = z.infer<typeof orderCancelSchema>;

export const ORDER_SORTS = ['orderDate', 'orderEDate', 'status', 'resName', 'orderNo'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Statuses as a filter: one or several (`status=1,2`). */
const statusFilter = z
  .string()
  .max(20)
  .regex(/^[1-7](,[1-7])*$/, 'validation.needBeOneOf')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/**
 * The order lists: paging and sort (spec section 7), and filters on status, type and the order
 * date (from and to, days, both included).
 */
const orderFilterSchema = pageQuerySchema.extend({
  sort: z.enum(ORDER_SORTS).optional(),
  status: statusFilter.optional(),
  resType: zEnumValue(OrderResType).optional(),
  from: day.optional(),
  to: day.optional(),
});
export const orderListQuerySchema = orderedRange(orderFilterSchema);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
/** The CSV export's filters: the list's, without paging. */
export const orderExportQuerySchema = orderedRange(orderFilterSchema.omit({ page: true, limit: true }));
export type OrderListParams = z.input<typeof orderListQuerySchema>;

/** A page of orders, with the customer's today that the cancel rule reads (planOrderCancel). */
export const orderPageSchema = pagedSchema(orderSchema).extend({ today: day });
export type OrderPage = z.infer<typeof orderPageSchema>;

const estimateSchema = z.object({
  lines: z.array(z.object({ code: z.string(), quantity: z.number(), amount: decimalAmountSchema })),
  total: decimalAmountSchema,
  rates: z.array(z.object({ code: z.string(), unitPrice: decimalAmountSchema })),
});

/** What converting a VM for a term would cost, from the price list of the day (vmAnnualTerm). */
export const orderQuoteQuerySchema = z.object({
  vmId: zUuid(),
  months: z.coerce.number().int(),
});
export const orderQuoteSchema = z.object({
  vmId: z.string(),
  months: z.number().int(),
  /** The term if ordered today. */
  orderDate: day,
  orderEDate: day,
  monthly: estimateSchema,
  term: decimalAmountSchema,
  onDemandMonthly: estimateSchema,
  onDemandTerm: decimalAmountSchema,
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;
