import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { freshDatabase } from '../../test/fresh-database.js';
import { createSecretBox } from './secret-box.js';
import { checkSecretKey } from './secret-key-check.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('checkSecretKey', () => {
  it('lets the key of the first start in again, and stops another with what to do', async () => {
    const first = createSecretBox(randomBytes(32));
    await checkSecretKey(database.db, first);
    await expect(checkSecretKey(database.db, first)).resolves.toBeUndefined();
    await expect(checkSecretKey(database.db, createSecretBox(randomBytes(32)))).rejects.toThrow(
      /start with the SECRETS_KEY/,
    );
  });
});
