import { z } from 'zod';
import { stringLength } from '../validators/basic.js';
import { zRequired } from '../validators/zod.js';
import { pageQuerySchema } from './common.js';

/**
 * The customers as the operations console sees them (spec section 9: service may be suspended
 * when payment is late). A suspended customer's users cannot sign in; its resources stay.
 */
export const SUSPEND_REASON_MAX = 500;

export const opsClientSchema = z.object({
  id: z.string(),
  clientNumber: z.string(),
  companyName: z.string(),
  createdAt: z.string(),
  /** When staff suspended the customer; null while it is in service. */
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type OpsClient = z.infer<typeof opsClientSchema>;

export const opsClientQuerySchema = pageQuerySchema.extend({
  /** Part of the client number or of the company name, case-insensitive. */
  search: z.string().max(64).optional(),
});
export type OpsClientQuery = z.infer<typeof opsClientQuerySchema>;

export const opsSuspendSchema = z.object({ reason: zRequired(stringLength(SUSPEND_REASON_MAX, 1)) });
export type OpsSuspend = z.infer<typeof opsSuspendSchema>;
