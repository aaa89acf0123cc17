import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

/**
 * A write that counts a parent's children against a limit, or replaces a parent's set of
 * children, first takes the parent's lock in its transaction (decision 0025): a second such write
 * waits until the first has committed, then counts or replaces what the first left, so requests
 * that arrive together end applied in some order or refused with the limit's code.
 *
 * The parent's lock is its row (`ownRowForUpdate`) when the change locks that row anyway (a VM
 * for its disks and firewalls, a firewall for its rules, a bucket for its lifecycle rules); this
 * one is for a parent that is not one row the change holds: the customer for a limit per
 * customer, a tagged resource of any kind, the uploader of files waiting to be sent. It is
 * PostgreSQL's advisory lock on the name `<kind>:<id>`, held until commit or rollback and taking
 * no row, so no row lock waits on it. Not the customer's row: a change's first write locks that
 * row through the version triggers, and a change that took it first and then waited on another
 * row could meet that row's change in a deadlock.
 *
 * Take it in the request's transaction (`ctx.db` of a change) before reading what it guards,
 * never outside one: there it would end with its own statement. On PGlite, one connection runs
 * one transaction at a time and the lock is granted at once.
 */
export async function lockParent(db: Db, kind: string, id: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:${id}`}, 0))`);
}
