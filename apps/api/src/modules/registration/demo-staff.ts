import type { Db } from '../../db/database.js';
import type { PasswordHasher } from '../../platform/passwords.js';
import { createStaff } from './ops-service.js';

/** The demo staff account of the operations console (/#/ops/login), seeded with the demo data. */
export const DEMO_STAFF_EMAIL = 'ops@example.com';

export async function seedDemoStaff(db: Db, passwords: PasswordHasher, password: string) {
  return (await createStaff(db, passwords, DEMO_STAFF_EMAIL, password)) !== null;
}
