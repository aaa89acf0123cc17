import { isEmail, isPassword } from './basic.js';

export interface AccountFormValues {
  isRoot: boolean;
  twoFa: 'Y' | 'N';
  email?: string;
  pass0?: string;
  pass1?: string;
  pass2?: string;
}

export const CONFIRM_PASSWORD_NOT_MATCH = 'console.pageUpsertIAM.confirmPasswordNotMatch';

/**
 * The account form of spec section 5, field by field:
 * - a password change needs pass0 (the original) and pass1 (the new), both meeting the rule;
 * - when pass0 is given, pass1 must equal its confirmation pass2;
 * - a non-root account with two-factor on needs a valid email.
 */
export function accountFormErrors(v: AccountFormValues): Partial<Record<keyof AccountFormValues, string>> {
  const errors: Partial<Record<keyof AccountFormValues, string>> = {};
  const changing = Boolean(v.pass0 || v.pass1 || v.pass2);
  if (changing) {
    const p0 = v.pass0 ? isPassword(v.pass0) : 'validation.notEmpty';
    const p1 = v.pass1 ? isPassword(v.pass1) : 'validation.notEmpty';
    if (p0 !== true) errors.pass0 = p0;
    if (p1 !== true) errors.pass1 = p1;
    if (v.pass0 && v.pass1 !== v.pass2) errors.pass2 = CONFIRM_PASSWORD_NOT_MATCH;
  }
  if (!v.isRoot && v.twoFa === 'Y') {
    const e = v.email ? isEmail(v.email) : 'validation.notEmpty';
    if (e !== true) errors.email = e;
  }
  return errors;
}
