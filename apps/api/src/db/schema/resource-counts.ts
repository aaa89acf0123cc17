import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clientId } from './columns.js';

/**
 * How many rows of each resource table a client has, kept by statement triggers on those tables
 * (migration 0010) in the same transaction as the change. A list's unfiltered total reads one row
 * here instead of counting 10,000: "a kind with 10,000 rows answers a page as fast as with 10".
 */
export const resourceCounts = pgTable(
  'resource_counts',
  {
    clientId: clientId(),
    /** The table's name (`vms`, `disks`, `vnis`). */
    resType: text('res_type').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.resType] })],
);
