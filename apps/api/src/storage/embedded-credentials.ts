import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface S3Credentials {
  accessKey: string;
  secretKey: string;
}

/** Kept beside the objects it guards; s3rver takes only folders for buckets, so it is no bucket. */
const FILE = '.credentials.json';

const isCredentials = (value: unknown): value is S3Credentials =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as S3Credentials).accessKey === 'string' &&
  typeof (value as S3Credentials).secretKey === 'string' &&
  (value as S3Credentials).accessKey.length >= 16 &&
  (value as S3Credentials).secretKey.length >= 32;

/**
 * The key pair of the embedded S3 server of a data folder: drawn on its first start and kept there,
 * readable by this user only, so each install has its own (s3rver's published key is refused).
 */
export async function embeddedCredentials(dir: string): Promise<S3Credentials> {
  const file = path.join(dir, FILE);
  const drawn: S3Credentials = {
    accessKey: `PORTAL${randomBytes(10).toString('hex').toUpperCase()}`,
    secretKey: randomBytes(30).toString('base64url'),
  };
  try {
    // Exclusive: of two servers starting on one folder, one writes and both read the same pair.
    await writeFile(file, JSON.stringify(drawn), { mode: 0o600, flag: 'wx' });
    return drawn;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600);
  const kept: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isCredentials(kept))
    throw new Error(`${file} does not hold an S3 key pair; remove it to draw a new one`);
  return kept;
}
