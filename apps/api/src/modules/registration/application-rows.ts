import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { registrations } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';

/** An application by its id; 404 for an unknown or malformed id. */
export async function applicationOf(db: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  if (!row) throw notFound();
  return row;
}

/** The application, locked for the rest of the transaction; 404 for an unknown id. */
export async function lockedApplication(tx: Db, id: string) {
  if (!isUuid(id)) throw notFound();
  const [r] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
  if (!r) throw notFound();
  return r;
}
