import { hash, verify, type Options } from '@node-rs/argon2';
import type { NodeEnv } from '../config.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spend the time of a real check when there is no user, so "no such account" and "wrong
   * password" take as long as each other and cannot be told apart.
   */
  verifyNobody(password: string): Promise<false>;
}

/**
 * argon2id (the library's default algorithm) with its default cost of 19 MiB and two passes, the
 * OWASP baseline. Tests hash hundreds of passwords, so under NODE_ENV=test the cost drops to what
 * keeps the suite fast; hashes record their own parameters, so either kind verifies anywhere.
 */
/**
 * The stored hash of a root user whose registration was approved but who has not set a password
 * from the approval mail yet: no password matches it (it is no argon2 hash).
 */
export const NO_PASSWORD = '!unset';

/** Whether the user has ever had a password (a new root user has none until the link is used). */
export const hasPassword = (user: { passwordHash: string; lastSetPasswordAt: Date | null }) =>
  user.passwordHash !== NO_PASSWORD || user.lastSetPasswordAt !== null;

export function createPasswordHasher(env: NodeEnv): PasswordHasher {
  const options: Options = env === 'test' ? { memoryCost: 1024, timeCost: 1 } : {};
  let nobody: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash matches nothing.
        return false;
      }
    },
    verifyNobody: async (password) => {
      nobody ??= hash('nobody has this password', options);
      await verify(await nobody, password);
      return false;
    },
  };
}
