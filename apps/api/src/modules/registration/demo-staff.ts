import { DEMO } from '../../seed/demo-seed.js';
import type { Db } from '../../db/database.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import { createStaff } from './staff-accounts.js';

/** The demo staff account (DEMO.staffEmail), seeded with the demo data. */
export async function seedDemoStaff(db: Db, passwords: PasswordHasher, password: string) {
  return (await createStaff(db, passwords, DEMO.staffEmail, password)) !== null;
}
