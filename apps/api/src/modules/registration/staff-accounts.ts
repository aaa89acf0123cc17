import type { Db } from '../../db/database.js';
import { staff } from '../../db/schema/index.js';
import type { PasswordHasher } from '../../platform/passwords.js';

/** Create a staff account (the staff:create command and the demo data); null when the address has one. */
export async function createStaff(db: Db, passwords: PasswordHasher, email: string, password: string) {
  const passwordHash = await passwords.hash(password);
  const [row] = await db.insert(staff).values({ email, passwordHash }).onConflictDoNothing().returning();
  return row ?? null;
}
