import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns } from './columns.js';

export type OperationState = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * One change a customer asked of the cloud (ARCHITECTURE, "How a change travels"). Written with
 * the resource's transitional status in the request's transaction; a job drives the cloud driver
 * and writes the outcome. `lease_until` says until when nobody else may pick it up: a worker that
 * dies leaves it to expire, and the sweep hands the operation to another.
 */
export const operations = pgTable(
  'operations',
  {
    ...tenantColumns(),
    userId: uuid('user_id'),
    resourceType: text('resource_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    /** `vm.create`, `disk.attach`, ... */
    kind: text('kind').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<OperationState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the driver accepted the request (a retry then only asks how it went). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    worker: text('worker'),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The sweep's question: which unfinished operations has nobody held for a while?
    index('operations_open_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('operations_resource_idx').on(t.clientId, t.resourceType, t.resourceId, t.createdAt),
  ],
);

export type OperationRow = typeof operations.$inferSelect;
