import { type Rule, text } from './rule.js';

/** Letter values of the Taiwan national ID (the letter's code, not its alphabet position). */
const LETTER_CODES: Record<string, number> = {
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  I: 34,
  J: 18,
  K: 19,
  L: 20,
  M: 21,
  N: 22,
  O: 35,
  P: 23,
  Q: 24,
  R: 25,
  S: 26,
  T: 27,
  U: 28,
  V: 29,
  W: 32,
  X: 30,
  Y: 31,
  Z: 33,
};

/** Taiwan personal ID: an uppercase letter, 1 or 2, eight digits, and a checksum. */
export const isPersonId: Rule = (value) => {
  const s = text(value);
  if (s === null || !/^[A-Z][12]\d{8}$/.test(s)) return 'validation.needBePersonId';
  const code = LETTER_CODES[s[0] as string] as number;
  const digits = s.slice(1).split('').map(Number);
  const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  digits.forEach((d, i) => (sum += d * (weights[i] as number)));
  return sum % 10 === 0 ? true : 'validation.needBePersonId';
};

const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);

/**
 * Company tax ID (unified business number): eight digits, weights 1,2,1,2,1,2,4,1, the digit sums
 * of the products added. Valid when divisible by 5 (the rule since 2023; every old number divisible
 * by 10 still passes). When the seventh digit is 7 its product 28 may count as 1 or as 0.
 */
export const isCompanyId: Rule = (value) => {
  const s = text(value);
  if (s === null || !/^\d{8}$/.test(s)) return 'validation.needBeCompanyId';
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const sums = s.split('').map((c, i) => digitSum(Number(c) * (weights[i] as number)));
  const total = sums.reduce((a, b) => a + b, 0);
  if (total % 5 === 0) return true;
  if (s[6] === '7' && (total + 1) % 5 === 0) return true;
  return 'validation.needBeCompanyId';
};

export const isPersonOrCompanyId: Rule = (value) =>
  isPersonId(value) === true || isCompanyId(value) === true ? true : 'validation.needBePersonOrCompanyId';
