/**
 * `npm run staff:create -- --email ops@example.com` creates a staff account of the operations
 * console. The password comes from STAFF_PASSWORD or, when unset, the first line of stdin, so it
 * never appears in the process list or the shell history. It must meet the password rule.
 */
import { createInterface } from 'node:readline';
import { isEmail, isPassword } from '@portal/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../platform/migrate.js';
import { createStaff } from '../modules/registration/staff-accounts.js';
import { createPasswordHasher } from '../platform/passwords.js';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const email = argument('email');
if (!email || isEmail(email) !== true) {
  console.error('Usage: npm run staff:create -- --email <address>   (password from STAFF_PASSWORD or stdin)');
  process.exit(2);
}
const password = await readPassword();
if (isPassword(password) !== true) {
  console.error(
    'The password must be 12 to 32 characters with a digit, an upper-case and a lower-case letter and a symbol.',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  const created = await createStaff(database.db, createPasswordHasher(config.env), email, password);
  console.log(
    created ? `Staff account ${email} created.` : `A staff account ${email} already exists; nothing changed.`,
  );
} finally {
  await database.close();
}
