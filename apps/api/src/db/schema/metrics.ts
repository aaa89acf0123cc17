import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientId } from './columns.js';
import { vms } from './compute.js';

/**
 * Per-VM metrics (issue 13). The sampling job asks the cloud driver each minute for the running
 * VMs' readings and writes one row per VM and minute; rows older than a day are rolled up into
 * `vm_metric_hourly` and removed, so 10,000 VMs keep 14.4 M minute rows at most. Metrics are
 * measurements, not money: floating point is right here.
 */
const metricColumns = () => ({
  /** CPU busy, percent of the VM's vCPUs (0-100). */
  cpuPct: real('cpu_pct').notNull(),
  /** Memory in use, percent of the VM's RAM (0-100). */
  memPct: real('mem_pct').notNull(),
  /** Disk and network throughput, bytes per second averaged over the period. */
  diskReadBps: doublePrecision('disk_read_bps').notNull(),
  diskWriteBps: doublePrecision('disk_write_bps').notNull(),
  netInBps: doublePrecision('net_in_bps').notNull(),
  netOutBps: doublePrecision('net_out_bps').notNull(),
});

/** One reading per VM and minute (`at` is the minute's start). */
export const vmMetricSamples = pgTable(
  'vm_metric_samples',
  {
    vmId: uuid('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ...metricColumns(),
  },
  (t) => [
    // A VM's chart reads (vm_id, at) in order; the tenant's total reads (client_id, at).
    primaryKey({ columns: [t.vmId, t.at] }),
    index('vm_metric_samples_client_at_idx').on(t.clientId, t.at),
    index('vm_metric_samples_at_idx').on(t.at),
  ],
);

/** An hour of a VM's minute samples: the averages, the peaks of CPU and memory, and how many. */
export const vmMetricHourly = pgTable(
  'vm_metric_hourly',
  {
    vmId: uuid('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...metricColumns(),
    cpuPctMax: real('cpu_pct_max').notNull(),
    memPctMax: real('mem_pct_max').notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vmId, t.hour] }),
    index('vm_metric_hourly_client_hour_idx').on(t.clientId, t.hour),
  ],
);

/**
 * A tenant's total per sampled minute, written by the sampling job after the minute's samples
 * (recomputed from them, so a retry or a second instance writes the same row): the average CPU and
 * memory of the VMs that reported, the sum of their disk and network throughput, and how many
 * reported. The total usage chart reads at most a day of these rows, never the 14.4 M samples a
 * day of 10,000 VMs makes; rows older than a day and an hour are deleted with the roll-up.
 */
export const vmMetricTotals = pgTable(
  'vm_metric_totals',
  {
    clientId: clientId(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    vms: integer('vms').notNull(),
    ...metricColumns(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.at] }), index('vm_metric_totals_at_idx').on(t.at)],
);
