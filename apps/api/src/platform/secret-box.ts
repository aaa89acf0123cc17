import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets kept at rest (a public-cloud credential's secret, a load balancer's private key): sealed
 * with AES-256-GCM under a key from the environment (SECRETS_KEY) or, by default, one drawn on the
 * first start and kept in DATA_DIR (mode 600). Each secret is sealed for its place (`context`, say
 * "public-cloud:<client>:<type>"), so a sealed value copied to another row does not open there.
 *
 * A sealed value is `v1.<base64url(iv | ciphertext | tag)>`; the version leaves room for a new key.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The secret; throws when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = Buffer.from('portal-secret-box:v1');
const KEY_FILE = 'secrets.key';

export function createSecretBox(secret: Buffer): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith('v1.')) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(3), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * The key: SECRETS_KEY when set (every instance of a fleet needs the same one), else the one kept
 * in `dataDir/secrets.key`, drawn on the first start. Losing it loses every sealed secret.
 */
export async function loadSecretKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, KEY_FILE);
  const drawn = randomBytes(32).toString('base64url');
  try {
    // Exclusive: of two servers starting on one folder, one writes and both read the same key.
    await writeFile(file, drawn, { mode: 0o600, flag: 'wx' });
    return Buffer.from(drawn);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600);
  const kept = (await readFile(file, 'utf8')).trim();
  if (kept.length < 32) throw new Error(`${file} does not hold a key; restore it or set SECRETS_KEY`);
  return Buffer.from(kept);
}
