import { describe, expect, it } from 'vitest';
import { accountFormErrors, CONFIRM_PASSWORD_NOT_MATCH } from './account-form.js';

const OLD = 'Old-Password1';
const NEW = 'New-Password2';

describe('accountFormErrors', () => {
  it('the mismatch key is the spec one', () =>
    expect(CONFIRM_PASSWORD_NOT_MATCH).toBe('console.pageUpsertIAM.confirmPasswordNotMatch'));

  it('no password change and two-factor off: no errors', () => {
    expect(accountFormErrors({ isRoot: true, twoFa: 'N' })).toEqual({});
    expect(accountFormErrors({ isRoot: false, twoFa: 'N' })).toEqual({});
  });

  it('a valid change passes', () => {
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass0: OLD, pass1: NEW, pass2: NEW })).toEqual({});
  });

  it('pass0 given: pass1 must equal pass2', () => {
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass0: OLD, pass1: NEW, pass2: NEW + 'x' })).toEqual(
      {
        pass2: 'console.pageUpsertIAM.confirmPasswordNotMatch',
      },
    );
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass0: OLD, pass1: NEW })).toEqual({
      pass2: 'console.pageUpsertIAM.confirmPasswordNotMatch',
    });
  });

  it('pass0 and pass1 are required once a change starts, and must meet the rule', () => {
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass1: NEW, pass2: NEW })).toEqual({
      pass0: 'validation.notEmpty',
    });
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass0: OLD })).toEqual({
      pass1: 'validation.notEmpty',
    });
    expect(accountFormErrors({ isRoot: true, twoFa: 'N', pass2: NEW })).toEqual({
      pass0: 'validation.notEmpty',
      pass1: 'validation.notEmpty',
    });
    expect(
      accountFormErrors({ isRoot: true, twoFa: 'N', pass0: 'short', pass1: 'weak', pass2: 'weak' }),
    ).toEqual({
      pass0: 'validation.needBePassword',
      pass1: 'validation.needBePassword',
    });
  });

  it('a non-root account with two-factor on needs a valid email', () => {
    expect(accountFormErrors({ isRoot: false, twoFa: 'Y', email: 'ops@example.com' })).toEqual({});
    expect(accountFormErrors({ isRoot: false, twoFa: 'Y', email: 'nope' })).toEqual({
      email: 'validation.needBeFormat.Email',
    });
    expect(accountFormErrors({ isRoot: false, twoFa: 'Y' })).toEqual({ email: 'validation.notEmpty' });
    expect(accountFormErrors({ isRoot: false, twoFa: 'Y', email: '' })).toEqual({
      email: 'validation.notEmpty',
    });
  });

  it('root, or two-factor off, does not check the email', () => {
    expect(accountFormErrors({ isRoot: true, twoFa: 'Y', email: 'nope' })).toEqual({});
    expect(accountFormErrors({ isRoot: false, twoFa: 'N', email: 'nope' })).toEqual({});
  });

  it('reports password and email problems together', () => {
    expect(accountFormErrors({ isRoot: false, twoFa: 'Y', pass0: OLD, pass1: NEW, pass2: 'other' })).toEqual({
      pass2: 'console.pageUpsertIAM.confirmPasswordNotMatch',
      email: 'validation.notEmpty',
    });
  });
});
