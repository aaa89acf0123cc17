import { createRequire } from 'node:module';
import type * as NodeCrypto from 'node:crypto';

/**
 * s3rver makes ListObjectsV2 continuation tokens with single DES ("des"), which OpenSSL 3 (Node
 * 18 and later) no longer offers, so every listing longer than a page failed with InternalError.
 * Triple DES with one key repeated three times is single DES, and OpenSSL 3 still has it: a call
 * for "des" (which would otherwise throw) is answered with that. Nothing else changes.
 */
export function letS3rverUseDes(): void {
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof NodeCrypto & {
    __desForS3rver?: boolean;
  };
  if (crypto.__desForS3rver) return;
  const cipher = crypto.createCipheriv;
  const decipher = crypto.createDecipheriv;
  const tripled = (key: unknown) => {
    const k = Buffer.from(key as Buffer);
    return Buffer.concat([k, k, k]);
  };
  crypto.createCipheriv = ((algorithm: string, key: Buffer, iv: Buffer, options?: never) =>
    algorithm === 'des'
      ? cipher('des-ede3-cbc', tripled(key), iv, options)
      : cipher(algorithm, key, iv, options)) as typeof cipher;
  crypto.createDecipheriv = ((algorithm: string, key: Buffer, iv: Buffer, options?: never) =>
    algorithm === 'des'
      ? decipher('des-ede3-cbc', tripled(key), iv, options)
      : decipher(algorithm, key, iv, options)) as typeof decipher;
  crypto.__desForS3rver = true;
}
