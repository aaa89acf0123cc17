import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  accountFormSchema,
  authPageSchema,
  clientInfoUpdateSchema,
  iamLoginSchema,
  loginResultSchema,
  loginSchema,
  rootLoginSchema,
  twoFaVerifySchema,
} from './auth.js';

/** The issues of a failed parse as `path: message`, to assert exact keys. */
function issues(result: z.ZodSafeParseResult<unknown>): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('loginSchema', () => {
  it('accepts the root shape', () => {
    const r = loginSchema.safeParse({ account: 'owner@example.com', password: 'x' });
    expect(r.success).toBe(true);
    expect(rootLoginSchema.safeParse({ account: 'owner@example.com', password: 'x' }).success).toBe(true);
  });

  it('accepts the IAM shape', () => {
    const body = { root: '12345678901', iamAccount: 'ops.user', password: 'x' };
    expect(loginSchema.safeParse(body)).toEqual({ success: true, data: body });
    expect(iamLoginSchema.safeParse(body).success).toBe(true);
  });

  it('does not apply the password rule at sign-in', () => {
    expect(loginSchema.safeParse({ account: 'owner@example.com', password: 'weak' }).success).toBe(true);
  });

  it('rejects an IAM root that is not 11 digits with needBeClientNumber', () => {
    expect(issues(loginSchema.safeParse({ root: '1234567890', iamAccount: 'ops', password: 'x' }))).toEqual([
      'root: validation.needBeClientNumber',
    ]);
    expect(issues(loginSchema.safeParse({ root: '1234567890a', iamAccount: 'ops', password: 'x' }))).toEqual([
      'root: validation.needBeClientNumber',
    ]);
  });

  it('rejects a bad IAM alias and a bad root email with their keys', () => {
    expect(
      issues(loginSchema.safeParse({ root: '12345678901', iamAccount: 'ops user', password: 'x' })),
    ).toEqual(['iamAccount: validation.needBeIamAccount']);
    expect(issues(loginSchema.safeParse({ account: 'owner', password: 'x' }))).toEqual([
      'account: validation.needBeFormat.Email',
    ]);
  });

  it('an empty or missing password is notEmpty', () => {
    expect(issues(rootLoginSchema.safeParse({ account: 'owner@example.com', password: '' }))).toEqual([
      'password: validation.notEmpty',
    ]);
    expect(issues(rootLoginSchema.safeParse({ account: 'owner@example.com' }))).toEqual([
      'password: validation.notEmpty',
    ]);
  });

  it('rejects a body of neither shape', () => {
    expect(loginSchema.safeParse({}).success).toBe(false);
    expect(loginSchema.safeParse({ password: 'x' }).success).toBe(false);
  });
});

describe('two-factor and results', () => {
  it('the verification code is six digits', () => {
    expect(twoFaVerifySchema.safeParse({ challenge: 'c', tfa_code: '012345' }).success).toBe(true);
    expect(issues(twoFaVerifySchema.safeParse({ challenge: 'c', tfa_code: '12345' }))).toEqual([
      'tfa_code: validation.needBeOtp',
    ]);
    expect(issues(twoFaVerifySchema.safeParse({ challenge: 'c', tfa_code: '' }))).toEqual([
      'tfa_code: validation.notEmpty',
    ]);
  });
  it('a login answers a token or a challenge', () => {
    expect(loginResultSchema.safeParse({ token: 't' }).success).toBe(true);
    expect(
      loginResultSchema.safeParse({ twoFa: true, challenge: 'c', email: 'a***@example.com' }).success,
    ).toBe(true);
    expect(loginResultSchema.safeParse({ twoFa: false, challenge: 'c', email: 'x' }).success).toBe(false);
  });
});

describe('clientInfoUpdateSchema', () => {
  it('accepts a two-factor switch alone and a full change', () => {
    expect(clientInfoUpdateSchema.safeParse({ twoFa: true }).success).toBe(true);
    expect(clientInfoUpdateSchema.safeParse({}).success).toBe(true);
    expect(
      clientInfoUpdateSchema.safeParse({
        twoFa: false,
        pass0: 'Old-Password1',
        pass1: 'New-Password2',
        email: 'ops@example.com',
      }).success,
    ).toBe(true);
  });
  it('rejects a weak pass1 with needBePassword and its limits', () => {
    const r = clientInfoUpdateSchema.safeParse({ pass0: 'Old-Password1', pass1: 'weak' });
    expect(issues(r)).toEqual(['pass1: validation.needBePassword']);
    expect(r.error?.issues[0]).toMatchObject({ params: { min: 12, max: 32 } });
  });
  it('rejects a bad email and a non-boolean twoFa', () => {
    expect(issues(clientInfoUpdateSchema.safeParse({ email: 'nope' }))).toEqual([
      'email: validation.needBeFormat.Email',
    ]);
    expect(clientInfoUpdateSchema.safeParse({ twoFa: 'Y' }).success).toBe(false);
  });
});

describe('accountFormSchema', () => {
  it('accepts a valid form', () => {
    expect(accountFormSchema.safeParse({ isRoot: false, twoFa: 'Y', email: 'ops@example.com' }).success).toBe(
      true,
    );
  });
  it('reports the account-form rules on their fields', () => {
    expect(
      issues(
        accountFormSchema.safeParse({
          isRoot: false,
          twoFa: 'Y',
          pass0: 'Old-Password1',
          pass1: 'New-Password2',
          pass2: 'New-Password3',
        }),
      ),
    ).toEqual(['pass2: console.pageUpsertIAM.confirmPasswordNotMatch', 'email: validation.notEmpty']);
  });
  it('rejects a twoFa other than Y or N', () => {
    expect(accountFormSchema.safeParse({ isRoot: true, twoFa: 'yes' }).success).toBe(false);
  });
});

describe('authPageSchema', () => {
  const menu = [{ id: 1, parentId: 0, sort: 1, link: '/dashboard', lang_key: 'menu.dashboard' }];
  it('accepts a boolean or a nested tree', () => {
    expect(authPageSchema.safeParse({ menu, authority: true }).success).toBe(true);
    expect(
      authPageSchema.safeParse({ menu: [], authority: { compute: { vm: { view: true } } } }).success,
    ).toBe(true);
  });
  it('rejects other leaves', () => {
    expect(authPageSchema.safeParse({ menu, authority: { compute: 'yes' } }).success).toBe(false);
    expect(authPageSchema.safeParse({ menu: [{ id: 1 }], authority: true }).success).toBe(false);
  });
});
