import { sql, type SQL } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uuid, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';

/**
 * The columns and indexes the tenant's tables share: made here once, each table's file spreads
 * them into its own. What they make is what the migrations made; `drizzle-kit generate` finding
 * nothing to migrate is the check.
 */

/** The row's uuid, made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** The tenant whose row it is; the row goes with its customer. */
export const clientId = () =>
  uuid('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

/** When the row was made, by the database's clock. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

/** When a trail's record was written (`at`), by the database's clock. */
export const recordedAt = () =>
  timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

/**
 * How the act a trail records ended, the address it came from and what else it said (`detail`,
 * never a secret): the closing columns of the customers' trail and the staff's.
 */
export const outcomeColumns = () => ({
  outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
  ip: text('ip').notNull().default(''),
  detail: jsonb('detail')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

/** A row of a tenant's: its id and its customer. */
export const tenantColumns = () => ({ id: id(), clientId: clientId() });

/**
 * What a row the cloud changes holds of its state: the spec's status number, which changes only
 * when an operation hears the cloud's answer, the cloud's last reason for a failure, and the verb
 * of the change under way (`pending_operation`, platform/operations/awaiting.ts).
 */
export const operationColumns = () => ({
  status: integer('status').notNull(),
  statusReason: text('status_reason'),
  pendingOperation: text('pending_operation'),
});

/** A console resource the cloud makes: its id, customer, name, state and creation time. */
export const resourceColumns = () => ({
  ...tenantColumns(),
  name: text('name').notNull(),
  ...operationColumns(),
  createdAt: createdAt(),
});

/**
 * The indexes of a list's sorts, `<table>_client_<suffix>_idx` on (client_id, column, id): led by
 * the tenant and ended by the id, the tie-breaker of the list's ORDER BY (list-query.ts orderOf),
 * so a page is read from the index whatever the tenant's size.
 */
export const sortIndexes = (
  table: string,
  t: { clientId: ExtraConfigColumn; id: ExtraConfigColumn },
  sorts: Record<string, ExtraConfigColumn | SQL>,
) =>
  Object.entries(sorts).map(([suffix, column]) =>
    index(`${table}_client_${suffix}_idx`).on(t.clientId, column, t.id),
  );
