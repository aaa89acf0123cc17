import { z } from 'zod';
import { CCIS_CONTRACT_MONTHS, isCcisCommitGb } from '../rules/ccis.js';
import { pageQuerySchema } from './common.js';
import { decimalAmountSchema } from './content.js';

/**
 * The data-store contract (route purchaseCCIS, log code 10017; spec "Contract history (data
 * store)"). Days are 'YYYY-MM-DD' in the customer's time zone; `expireDate` is the first day the
 * term no longer covers.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One purchase: a row of the contract history. */
export const ccisTermSchema = z.object({
  orderId: z.string(),
  kind: z.enum(['new', 'increase', 'renew', 'reduce']),
  months: z.number().int(),
  beginDate: day,
  expireDate: day,
  commitGb: z.number().int(),
  autoExtend: z.boolean(),
  /** The commitment's price per month and for the whole term, from the price list of the day. */
  monthlyPrice: decimalAmountSchema,
  termPrice: decimalAmountSchema,
  /** Who bought it (the account), and when the row last changed (auto-extend switched). */
  account: z.string(),
  createdAt: z.string(),
  modifiedAt: z.string(),
});
export type CcisTerm = z.infer<typeof ccisTermSchema>;

/** A stretch of the contract in force (a term, cut by a later one or renewed by auto-extend). */
export const ccisPeriodSchema = z.object({
  orderId: z.string(),
  months: z.number().int(),
  beginDate: day,
  expireDate: day,
  commitGb: z.number().int(),
  autoExtend: z.boolean(),
  renewals: z.number().int(),
});
export type CcisPeriodAnswer = z.infer<typeof ccisPeriodSchema>;

/** The contract page's card: what is in force, what follows, use against the commitment. */
export const ccisContractSchema = z.object({
  /** The customer's today, which every date rule uses. */
  today: day,
  current: ccisPeriodSchema.nullable(),
  /** A reduction waiting for the current term's expiry. */
  pending: ccisPeriodSchema.nullable(),
  /** The contract was already bought or changed today (one purchase per day). */
  purchasedToday: z.boolean(),
  /** The sum of the customer's buckets' last measures, bytes. */
  usedBytes: z.number().int(),
  /** Whole GB above the commitment in force (all of the use when there is none). */
  excessGb: z.number().int(),
});
export type CcisContract = z.infer<typeof ccisContractSchema>;

const months = z
  .number({ error: 'validation.needBeOneOf' })
  .int('validation.needBeOneOf')
  .refine((v) => (CCIS_CONTRACT_MONTHS as readonly number[]).includes(v), 'validation.needBeOneOf');

/** Buy or adjust: the commitment, the term, auto-extend. Sent with an Idempotency-Key header. */
export const ccisPurchaseSchema = z.object({
  commitGb: z.number({ error: 'validation.ccisCommitGb' }).superRefine((value, ctx) => {
    const r = isCcisCommitGb(value);
    if (r !== true) ctx.addIssue({ code: 'custom', message: r, params: isCcisCommitGb.values });
  }),
  months,
  autoExtend: z.boolean(),
});
export type CcisPurchase = z.infer<typeof ccisPurchaseSchema>;

/** Switch auto-extend of the term in force (no purchase; any day). */
export const ccisAutoExtendSchema = z.object({ autoExtend: z.boolean() });
export type CcisAutoExtend = z.infer<typeof ccisAutoExtendSchema>;

/** The header a purchase must carry: 8 to 128 visible characters (a UUID does). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export const ccisHistoryQuerySchema = pageQuerySchema.pick({ page: true, limit: true });
