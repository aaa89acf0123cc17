import { z } from 'zod';
import { DASHBOARD_KIND_IDS, DASHBOARD_LIMITS } from '../dashboard-kinds.js';
import { decimalAmountSchema } from './content.js';

const count = z.number().int().min(0);

export const dashboardCountSchema = z.object({
  total: count,
  /** Rows per state of the kind's declaration. */
  states: z.record(z.string(), count),
});
export type DashboardCount = z.infer<typeof dashboardCountSchema>;

export const dashboardLimitSchema = z.object({
  id: z.enum(DASHBOARD_LIMITS),
  used: count,
  limit: count,
});
export type DashboardLimit = z.infer<typeof dashboardLimitSchema>;

export const dashboardUsageSchema = z.object({
  /** What the running VMs hold (compute/vm). No quota applies: the figures stand alone. */
  running: z.object({ vms: count, vcpu: count, ramGb: count }).optional(),
  /** Data disks a VM may have (DISKS_LIMIT_3) and how many VMs are at it (compute/vm). */
  dataDisksPerVm: z.object({ limit: count, vmsAtLimit: count }).optional(),
  /** Volume sizes (compute/disk). */
  diskGb: z.object({ total: count, attached: count }).optional(),
  /** The data-store contract in force and the buckets' use against it (storage/ccis); null: none. */
  dataStore: z
    .object({ commitGb: count, limitGb: count, usedBytes: count, expireDate: z.string() })
    .nullable()
    .optional(),
  /** Each only when the caller may see its kind. */
  limits: z.array(dashboardLimitSchema),
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

/** The month's spend from the valuation (billing/valuation), with the budget alarm (monitor/alarm). */
export const dashboardSpendSchema = z.object({
  month: z.string(),
  currency: z.literal('TWD'),
  monthToDate: decimalAmountSchema,
  forecast: decimalAmountSchema,
  meteredThrough: z.string().nullable(),
  /** The tenant's budget alarm, when it has one and the caller may see alarms. */
  budget: z
    .object({
      alarmUuid: z.string(),
      alarmName: z.string(),
      amount: decimalAmountSchema,
      thresholdPct: z.number().int(),
      /** AlarmStatus: 0 normal, 1 alarming, 2 insufficient data. */
      status: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type DashboardSpend = z.infer<typeof dashboardSpendSchema>;

/**
 * GET /api/dashboard (the kinds: dashboard-kinds.ts): one answer with every kind the caller may see (a kind it may not see is
 * left out, not zero), usage against the product's limits and the month's spend.
 */
export const dashboardSchema = z.object({
  /** When the figures were read (the server's clock). */
  at: z.string(),
  counts: z.partialRecord(z.enum(DASHBOARD_KIND_IDS), dashboardCountSchema),
  /** The first alarms alarming now, by name (monitor/alarm); `counts.alarms.states.alarming` counts all. */
  alarming: z.array(z.object({ uuid: z.string(), alarmName: z.string() })).optional(),
  usage: dashboardUsageSchema,
  spend: dashboardSpendSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
