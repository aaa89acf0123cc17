import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { secretKeyChecks } from '../db/schema/index.js';
import type { SecretBox } from './secret-box.js';

const CONTEXT = 'secrets-key-check';
const CANARY = 'the key that sealed this database’s secrets';

/**
 * The secrets key must be the one the database's secrets were sealed with: a start with another
 * (SECRETS_KEY changed, or DATA_DIR's key lost) stops here with what to do, rather than answering
 * 500 on every credential, certificate or bucket key it later reads. The first start seals the
 * check value; every later one opens it.
 */
export async function checkSecretKey(db: Db, secrets: SecretBox): Promise<void> {
  await db
    .insert(secretKeyChecks)
    .values({ id: 1, sealed: secrets.seal(CANARY, CONTEXT) })
    .onConflictDoNothing();
  const [row] = await db.select().from(secretKeyChecks).where(eq(secretKeyChecks.id, 1));
  try {
    if (secrets.open(row!.sealed, CONTEXT) === CANARY) return;
  } catch {
    // Sealed by another key: said below.
  }
  throw new Error(
    'The secrets key does not open the secrets this database holds: start with the SECRETS_KEY ' +
      '(or DATA_DIR/secrets.key) it was first started with. A new key would lose every stored credential.',
  );
}
