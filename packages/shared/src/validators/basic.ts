import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import { type Rule, charCount, text, withValues } from './rule.js';

// Files (Blob/File) exist in browsers and Node 20 alike; shared code avoids the DOM typings.
const BlobClass = (globalThis as { Blob?: abstract new (...args: never[]) => object }).Blob;

/** A file or non-empty object passes; a number passes; a string must be non-empty. */
export const notEmpty: Rule = (value) => {
  if (typeof value === 'number') return Number.isFinite(value) ? true : 'validation.notEmpty';
  if (typeof value === 'string') return value.trim() !== '' ? true : 'validation.notEmpty';
  if (BlobClass && value instanceof BlobClass) return true;
  if (Array.isArray(value)) return value.length > 0 ? true : 'validation.notEmpty';
  // A date has no own keys but is a value (a date picker's answer); an invalid date is not.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'validation.notEmpty' : true;
  if (value instanceof Map || value instanceof Set) return value.size > 0 ? true : 'validation.notEmpty';
  if (typeof value === 'object' && value !== null)
    return Object.keys(value).length > 0 ? true : 'validation.notEmpty';
  return typeof value === 'boolean' ? true : 'validation.notEmpty';
};

export const isPassword: Rule = withValues(
  (value) => {
    const s = text(value);
    if (s === null || s.length < PASSWORD_MIN || s.length > PASSWORD_MAX) return 'validation.needBePassword';
    const classes = [/\d/, /[A-Z]/, /[a-z]/, /[^A-Za-z0-9]/];
    return classes.every((c) => c.test(s)) ? true : 'validation.needBePassword';
  },
  { min: PASSWORD_MIN, max: PASSWORD_MAX },
);

// Practical address form (RFC 5321 lengths); the mailbox itself is proven by the mail we send.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isEmail: Rule = (value) => {
  const s = text(value);
  if (s === null || s.length > 254) return 'validation.needBeFormat.Email';
  const local = s.split('@')[0] ?? '';
  return EMAIL.test(s) && local.length <= 64 && !s.includes('..') ? true : 'validation.needBeFormat.Email';
};

export const isPhone: Rule = (value) => {
  const s = text(value);
  return s !== null && /^\d+$/.test(s) ? true : 'validation.needBePhone';
};

export const isInteger: Rule = (value) => {
  if (typeof value === 'number') return Number.isInteger(value) ? true : 'validation.needBeInteger';
  const s = text(value);
  return s !== null && /^-?\d+$/.test(s) ? true : 'validation.needBeInteger';
};

/** Digits and dots only, between min (default 1) and max. */
export function numberInRange(max: number, min = 1): Rule {
  return withValues(
    (value) => {
      const s = text(value);
      if (s === null || !/^\d+(\.\d+)?$/.test(s)) return 'validation.needBeNumberInRange';
      const n = Number(s);
      return n >= min && n <= max ? true : 'validation.needBeNumberInRange';
    },
    { min, max },
  );
}

/** An integer between min and max (used for counts, ports and sizes). */
export function integerInRange(min: number, max: number): Rule {
  return withValues(
    (value) => {
      const s = text(value);
      if (s === null || !/^-?\d+$/.test(s)) return 'validation.needBeIntegerInRange';
      const n = Number(s);
      return n >= min && n <= max ? true : 'validation.needBeIntegerInRange';
    },
    { min, max },
  );
}

export function numberGreaterThan(bound: number): Rule {
  return withValues(
    (value) => {
      const s = text(value);
      if (s === null || !/^-?\d+(\.\d+)?$/.test(s)) return 'validation.needBeNumberGreaterThan';
      return Number(s) > bound ? true : 'validation.needBeNumberGreaterThan';
    },
    { bound },
  );
}

/** Letters, digits or Chinese characters only; an empty value passes. */
export const isChineseAlphaNumeric: Rule = (value) => {
  const s = text(value);
  if (s === null)
    return value === undefined || value === null ? true : 'validation.needBeChineseAlphaNumeric';
  // Any Han character, including the rare ones outside the BMP used in Taiwanese names.
  return /^[A-Za-z0-9\p{Script=Han}]*$/u.test(s) ? true : 'validation.needBeChineseAlphaNumeric';
};

/** Length between min (default 0) and max. */
export function stringLength(max: number, min = 0): Rule {
  return withValues(
    (value) => {
      const n = charCount(text(value) ?? '');
      return n >= min && n <= max ? true : 'validation.needBeStringInRange';
    },
    { min, max },
  );
}

export const isHex: Rule = (value) => {
  const s = text(value);
  return s !== null && /^(0x)?[0-9a-fA-F]+$/.test(s) ? true : 'validation.needBeHex';
};

/** IAM account alias: letters, digits, dots and underscores. */
export const isIamAccount: Rule = withValues(
  (value) => {
    const s = text(value);
    return s !== null && /^[A-Za-z0-9._]{1,64}$/.test(s) ? true : 'validation.needBeIamAccount';
  },
  { max: 64 },
);

/** The generic account rule also allows "@" and "-". */
export const isAccount: Rule = (value) => {
  const s = text(value);
  return s !== null && /^[A-Za-z0-9._@-]{1,254}$/.test(s) ? true : 'validation.needBeAccount';
};

/** Root account ID / client number: 11 digits. */
export const isClientNumber: Rule = (value) => {
  const s = text(value);
  return s !== null && /^\d{11}$/.test(s) ? true : 'validation.needBeClientNumber';
};

/** A mobile number: digits, starting with zero. */
export const isMobile: Rule = (value) => {
  const s = text(value);
  return s !== null && /^0\d{6,14}$/.test(s) ? true : 'validation.needBeMobile';
};

/** A captcha answer: lowercase letters and digits. */
export const isCaptcha: Rule = (value) => {
  const s = text(value);
  return s !== null && /^[a-z0-9]{4,8}$/.test(s) ? true : 'validation.needBeCaptcha';
};

/** A one-time verification code: 6 digits. */
export const isOtp: Rule = (value) => {
  const s = text(value);
  return s !== null && /^\d{6}$/.test(s) ? true : 'validation.needBeOtp';
};

/**
 * A NUL character, or half of a UTF-16 surrogate pair without its other half: text PostgreSQL
 * cannot store (NUL ends a C string; a lone surrogate has no UTF-8 form, and jsonb refuses both).
 */
// eslint-disable-next-line no-control-regex -- NUL is the very character to find
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text the database can store; a value that is not a string passes. The API checks every request with it. */
export const isStorableText: Rule = (value) =>
  typeof value === 'string' && UNSTORABLE.test(value) ? 'validation.invalidCharacters' : true;

/** Start time not after end time. */
export function startNotAfterEnd(start: unknown, end: unknown): true | string {
  const a = new Date(String(start)).getTime();
  const b = new Date(String(end)).getTime();
  if (Number.isNaN(a) || Number.isNaN(b)) return 'validation.needBeDate';
  return a <= b ? true : 'validation.startAfterEnd';
}

/** Cannot select self (for example a VPC routing to itself). */
export function notSelf(value: unknown, self: unknown): true | string {
  return value !== self ? true : 'validation.cannotSelectSelf';
}
