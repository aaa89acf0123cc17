import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SnapshotDisk } from '@portal/shared';
import { createdAt, resourceColumns, sortIndexes, tenantColumns } from './columns.js';
import { osTemplates, vms } from './compute.js';

/**
 * Snapshots and the rules that take them on a schedule (spec sections 3 and 4, route group
 * "snapshot"). A VM names the one rule that protects it (`vms.snapshot_rule_id`), so "one rule
 * per VM" is the table's shape rather than a check. Sorts have indexes `(client_id, column, id)`.
 */

export const snapshotRules = pgTable(
  'snapshot_rules',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    cycle: integer('cycle').notNull(),
    /** 1 Monday to 7 Sunday, weekly rules only. */
    weekday: integer('weekday'),
    retained: integer('retained').notNull(),
    /** The next run, computed in the customer's time zone; the scheduler takes rules due. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The tenant's default rule, made by one-click protection (SNAPSHOT_DEFAULT_RULE): one at most. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('snapshot_rules_client_default_idx')
      .on(t.clientId)
      .where(sql`${t.isDefault}`),
    ...sortIndexes('snapshot_rules', t, { created: t.createdAt, name: t.name, next: t.nextRunAt }),
    index('snapshot_rules_due_idx').on(t.nextRunAt),
  ],
);

export const snapshots = pgTable(
  'snapshots',
  {
    ...resourceColumns(),
    /** Null once the VM is deleted; the snapshot stays and can still become a new VM. */
    vmId: uuid('vm_id').references(() => vms.id, { onDelete: 'set null' }),
    vmName: text('vm_name').notNull(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => osTemplates.id, { onDelete: 'restrict' }),
    cpuCore: integer('cpu_core').notNull(),
    ramSize: integer('ram_size').notNull(),
    /** The VM's volumes when taken, root first. */
    disks: jsonb('disks').$type<SnapshotDisk[]>().notNull(),
    sizeGb: integer('size_gb').notNull(),
    diskQty: integer('disk_qty').notNull(),
    policyId: uuid('policy_id').references(() => snapshotRules.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...sortIndexes('snapshots', t, { created: t.createdAt, name: t.name, status: t.status, size: t.sizeGb }),
    index('snapshots_vm_idx').on(t.vmId),
    // Retention reads a rule's snapshots of one VM, newest first.
    index('snapshots_policy_vm_idx').on(t.policyId, t.vmId, t.createdAt),
  ],
);

export type SnapshotRuleRow = typeof snapshotRules.$inferSelect;
export type SnapshotRow = typeof snapshots.$inferSelect;
