import { describe, expect, it } from 'vitest';
import { all, charCount, integerOf, isBlank, optional, text, withValues } from './rule.js';
import { isEmail } from './basic.js';
import { stringLength } from './basic.js';
import { isBucketName } from './resources.js';

describe('optional wrapper', () => {
  const rule = optional(isEmail);
  it.each([undefined, null, '', []])('passes the empty value %j', (v) => expect(rule(v)).toBe(true));
  it('otherwise applies the inner rule', () => {
    expect(rule('a@example.com')).toBe(true);
    expect(rule('nope')).toBe('validation.needBeFormat.Email');
    expect(rule(' ')).toBe('validation.needBeFormat.Email');
    expect(rule(0)).toBe('validation.needBeFormat.Email');
  });
  it('keeps the inner limits', () => expect(optional(isBucketName).values).toEqual({ min: 3, max: 63 }));
});

describe('all', () => {
  it('runs rules in order and answers the first failure', () => {
    const rule = all(stringLength(10, 3), isBucketName);
    expect(rule('abc')).toBe(true);
    expect(rule('ab')).toBe('validation.needBeStringInRange');
    expect(rule('ABCD')).toBe('validation.needBeS3Bucket');
    expect(rule('a'.repeat(11))).toBe('validation.needBeStringInRange');
  });
  it('merges the limits', () => {
    expect(
      all(
        stringLength(10),
        withValues(() => true, { bound: 2 }),
      ).values,
    ).toEqual({
      min: 0,
      max: 10,
      bound: 2,
    });
  });
});

describe('helpers', () => {
  it('isBlank', () => {
    expect([undefined, null, '', []].map(isBlank)).toEqual([true, true, true, true]);
    expect([0, ' ', [0], {}, false].map(isBlank)).toEqual([false, false, false, false, false]);
  });
  it('text takes strings and finite numbers', () => {
    expect(text('a')).toBe('a');
    expect(text(12)).toBe('12');
    expect(text(Number.NaN)).toBeNull();
    expect(text(true)).toBeNull();
    expect(text(undefined)).toBeNull();
  });
  it('integerOf is strict', () => {
    expect(integerOf(4)).toBe(4);
    expect(integerOf('4')).toBe(4);
    expect(integerOf('-4')).toBe(-4);
    for (const v of [4.5, '4.0', ' 4', '0x4', '4e0', '', null, undefined, Number.NaN]) {
      expect(integerOf(v)).toBeNull();
    }
  });
  it('charCount counts code points', () => {
    expect(charCount('abc')).toBe(3);
    expect(charCount('雲端')).toBe(2);
    expect(charCount('𡘙')).toBe(1);
  });
});
