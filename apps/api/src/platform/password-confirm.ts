import type { AuthContext } from './auth-context.js';
import { fail, tryAgainLater } from './errors.js';
import type { PasswordHasher } from './passwords.js';
import type { LoginThrottle } from './throttle/login-throttle.js';

export type ConfirmPassword = (auth: AuthContext, password: string, ip: string) => Promise<void>;

/**
 * The caller's own login password, before a destructive change (spec section 5): the server checks
 * it, so a session left open is not enough. Wrong tries count like sign-ins and lock alike.
 */
export function createPasswordConfirm(deps: {
  passwords: PasswordHasher;
  throttle: LoginThrottle;
}): ConfirmPassword {
  return async (auth, password, ip) => {
    const key = `password-confirm:${auth.user.id}`;
    const wait = await deps.throttle.retryAfter(key, ip);
    if (wait > 0) throw tryAgainLater(wait);
    if (!(await deps.passwords.verify(auth.user.passwordHash, password))) {
      await deps.throttle.failed(key, ip);
      throw fail('INCORRECT_PASSWORD');
    }
    await deps.throttle.succeeded(key);
  };
}
