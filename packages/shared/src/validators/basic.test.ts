import { describe, expect, it } from 'vitest';
import {
  integerInRange,
  isAccount,
  isCaptcha,
  isChineseAlphaNumeric,
  isClientNumber,
  isEmail,
  isHex,
  isIamAccount,
  isInteger,
  isMobile,
  isOtp,
  isPassword,
  isPhone,
  isStorableText,
  notEmpty,
  notSelf,
  numberGreaterThan,
  numberInRange,
  startNotAfterEnd,
  stringLength,
} from './basic.js';

// Node 20 has File and Blob globally; the shared tsconfig has no DOM typings, so type them here.
const { File, Blob } = globalThis as unknown as {
  File: new (parts: string[], name: string) => object;
  Blob: new (parts: string[]) => object;
};

describe('notEmpty', () => {
  it('passes a file, a non-empty object or list, a number, a non-empty string', () => {
    expect(notEmpty(new File(['x'], 'a.png'))).toBe(true);
    expect(notEmpty(new Blob([]))).toBe(true);
    expect(notEmpty({ a: 1 })).toBe(true);
    expect(notEmpty([1])).toBe(true);
    expect(notEmpty(0)).toBe(true);
    expect(notEmpty(-3.5)).toBe(true);
    expect(notEmpty('x')).toBe(true);
    expect(notEmpty(false)).toBe(true);
  });
  it('passes a valid date and a non-empty Map or Set', () => {
    expect(notEmpty(new Date('2024-01-01'))).toBe(true);
    expect(notEmpty(new Map([['a', 1]]))).toBe(true);
    expect(notEmpty(new Set([1]))).toBe(true);
  });
  it.each([
    ['empty string', ''],
    ['blank string', '   '],
    ['undefined', undefined],
    ['null', null],
    ['empty object', {}],
    ['empty list', []],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['invalid date', new Date('nope')],
    ['empty Map', new Map()],
    ['empty Set', new Set()],
  ])('fails %s', (_, value) => expect(notEmpty(value)).toBe('validation.notEmpty'));
});

describe('isPassword (12-32 characters, four classes)', () => {
  const P = 'validation.needBePassword';
  it('accepts 12 and 32 characters with digit, upper, lower and other', () => {
    expect(isPassword('Abcdefgh1!xy')).toBe(true); // 12
    expect(isPassword('Abcdefgh1!' + 'x'.repeat(22))).toBe(true); // 32
    expect(isPassword('中文Abcdefgh12')).toBe(true); // Chinese counts as "other"
    expect(isPassword('Abc def ghi 1')).toBe(true); // a space counts as "other"
  });
  it('fails 11 and 33 characters', () => {
    expect(isPassword('Abcdefgh1!x')).toBe(P); // 11
    expect(isPassword('Abcdefgh1!' + 'x'.repeat(23))).toBe(P); // 33
  });
  it.each([
    ['no digit', 'Abcdefghij!x'],
    ['no upper', 'abcdefgh1!xy'],
    ['no lower', 'ABCDEFGH1!XY'],
    ['no other', 'Abcdefgh12xy'],
    ['empty', ''],
  ])('fails %s', (_, pw) => expect(isPassword(pw)).toBe(P));
  it('fails non-strings and carries its limits', () => {
    expect(isPassword(undefined)).toBe(P);
    expect(isPassword.values).toEqual({ min: 12, max: 32 });
  });
});

describe('isEmail', () => {
  const E = 'validation.needBeFormat.Email';
  it.each(['a@b.co', 'first.last+tag@example.com.tw', 'x_y-z@sub.example.org'])('accepts %s', (e) =>
    expect(isEmail(e)).toBe(true),
  );
  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a..b@example.com',
    'a@-example.com',
    'a b@example.com',
    'a@example..com',
    `${'x'.repeat(65)}@example.com`,
    `a@${'x'.repeat(250)}.com`,
    '',
  ])('rejects %j', (e) => expect(isEmail(e)).toBe(E));
  it('rejects non-strings', () => expect(isEmail(null)).toBe(E));
});

describe('isPhone (digits only)', () => {
  it.each(['0912345678', '02', 12345])('accepts %j', (p) => expect(isPhone(p)).toBe(true));
  it.each(['09-1234', '+886912', '', ' 1', '1.5', undefined])('rejects %j', (p) =>
    expect(isPhone(p)).toBe('validation.needBePhone'),
  );
});

describe('isInteger', () => {
  it.each([0, 7, -3, '0', '42', '-42'])('accepts %j', (v) => expect(isInteger(v)).toBe(true));
  it.each([1.5, '1.5', '1.0', 'abc', '', ' 1', Number.NaN, null, undefined])('rejects %j', (v) =>
    expect(isInteger(v)).toBe('validation.needBeInteger'),
  );
});

describe('numberInRange (digits and dots, min default 1)', () => {
  const R = 'validation.needBeNumberInRange';
  it('uses 1 as the default minimum', () => {
    const rule = numberInRange(500);
    expect(rule.values).toEqual({ min: 1, max: 500 });
    expect(rule('1')).toBe(true);
    expect(rule('500')).toBe(true);
    expect(rule('250.5')).toBe(true);
    expect(rule(1)).toBe(true);
    expect(rule('0')).toBe(R);
    expect(rule('0.5')).toBe(R);
    expect(rule('500.1')).toBe(R);
  });
  it('takes an explicit minimum', () => {
    const rule = numberInRange(10, 0);
    expect(rule('0')).toBe(true);
    expect(rule.values).toEqual({ min: 0, max: 10 });
  });
  it.each(['-1', '1e2', '1.', '.5', '1,5', 'abc', '', ' 2'])('rejects the shape %j', (v) =>
    expect(numberInRange(1000)(v)).toBe(R),
  );
});

describe('integerInRange', () => {
  const rule = integerInRange(1, 500);
  it('accepts integers within bounds', () => {
    expect(rule('1')).toBe(true);
    expect(rule(500)).toBe(true);
  });
  it.each(['0', '501', '1.5', 'x', ''])('rejects %j', (v) =>
    expect(rule(v)).toBe('validation.needBeIntegerInRange'),
  );
  it('carries its limits', () => expect(rule.values).toEqual({ min: 1, max: 500 }));
});

describe('numberGreaterThan', () => {
  const rule = numberGreaterThan(0);
  it('accepts values above the bound', () => {
    expect(rule('1')).toBe(true);
    expect(rule('0.01')).toBe(true);
    expect(rule(3)).toBe(true);
  });
  it.each(['0', '-1', 'abc', '', '1e3'])('rejects %j', (v) =>
    expect(rule(v)).toBe('validation.needBeNumberGreaterThan'),
  );
  it('works with a negative bound and carries it', () => {
    expect(numberGreaterThan(-5)('-4')).toBe(true);
    expect(numberGreaterThan(-5)('-5')).toBe('validation.needBeNumberGreaterThan');
    expect(rule.values).toEqual({ bound: 0 });
  });
});

describe('isChineseAlphaNumeric (may be empty)', () => {
  const C = 'validation.needBeChineseAlphaNumeric';
  it.each(['', 'abc123', '中華電信', 'Cloud雲端2024', '𡘙', undefined, null, 42])('accepts %j', (v) =>
    expect(isChineseAlphaNumeric(v)).toBe(true),
  );
  it.each(['a b', 'a-b', 'a_b', '中華，電信', 'abc!', 'ＡＢＣ', {}])('rejects %j', (v) =>
    expect(isChineseAlphaNumeric(v)).toBe(C),
  );
});

describe('stringLength (min default 0)', () => {
  const S = 'validation.needBeStringInRange';
  it('uses 0 as the default minimum', () => {
    const rule = stringLength(5);
    expect(rule.values).toEqual({ min: 0, max: 5 });
    expect(rule('')).toBe(true);
    expect(rule('abcde')).toBe(true);
    expect(rule('abcdef')).toBe(S);
  });
  it('takes a minimum', () => {
    const rule = stringLength(5, 2);
    expect(rule('a')).toBe(S);
    expect(rule('ab')).toBe(true);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(stringLength(2)('𡘙𡘙')).toBe(true);
    expect(stringLength(2)('𡘙𡘙𡘙')).toBe(S);
  });
});

describe('isHex', () => {
  it.each(['ff', '0xFF', '0123456789abcdef'])('accepts %s', (v) => expect(isHex(v)).toBe(true));
  it.each(['', '0x', 'fg', '0X1'])('rejects %j', (v) => expect(isHex(v)).toBe('validation.needBeHex'));
});

describe('account rules', () => {
  it('isIamAccount: letters, digits, dots, underscores', () => {
    expect(isIamAccount('ops.user_1')).toBe(true);
    expect(isIamAccount('a'.repeat(64))).toBe(true);
    expect(isIamAccount('a'.repeat(65))).toBe('validation.needBeIamAccount');
    expect(isIamAccount('ops-user')).toBe('validation.needBeIamAccount');
    expect(isIamAccount('ops@x')).toBe('validation.needBeIamAccount');
    expect(isIamAccount('')).toBe('validation.needBeIamAccount');
  });
  it('isAccount also allows @ and -', () => {
    expect(isAccount('ops-user@example.com')).toBe(true);
    expect(isAccount('ops user')).toBe('validation.needBeAccount');
    expect(isAccount('')).toBe('validation.needBeAccount');
  });
  it('isClientNumber: 11 digits', () => {
    expect(isClientNumber('12345678901')).toBe(true);
    expect(isClientNumber('1234567890')).toBe('validation.needBeClientNumber');
    expect(isClientNumber('123456789012')).toBe('validation.needBeClientNumber');
    expect(isClientNumber('1234567890a')).toBe('validation.needBeClientNumber');
  });
  it('isMobile: digits starting with zero', () => {
    expect(isMobile('0912345678')).toBe(true);
    expect(isMobile('912345678')).toBe('validation.needBeMobile');
    expect(isMobile('09-12345678')).toBe('validation.needBeMobile');
  });
  it('isCaptcha: lowercase letters and digits', () => {
    expect(isCaptcha('ab12')).toBe(true);
    expect(isCaptcha('AB12')).toBe('validation.needBeCaptcha');
    expect(isCaptcha('ab1')).toBe('validation.needBeCaptcha');
  });
  it('isOtp: six digits', () => {
    expect(isOtp('012345')).toBe(true);
    expect(isOtp('12345')).toBe('validation.needBeOtp');
    expect(isOtp('12345a')).toBe('validation.needBeOtp');
  });
});

describe('startNotAfterEnd and notSelf', () => {
  it('orders dates', () => {
    expect(startNotAfterEnd('2024-01-01', '2024-01-02')).toBe(true);
    expect(startNotAfterEnd('2024-01-01', '2024-01-01')).toBe(true);
    expect(startNotAfterEnd('2024-01-02', '2024-01-01')).toBe('validation.startAfterEnd');
    expect(startNotAfterEnd('nope', '2024-01-01')).toBe('validation.needBeDate');
  });
  it('refuses self', () => {
    expect(notSelf('vpc-1', 'vpc-2')).toBe(true);
    expect(notSelf('vpc-1', 'vpc-1')).toBe('validation.cannotSelectSelf');
  });
});

describe('isStorableText (what PostgreSQL can store)', () => {
  const E = 'validation.invalidCharacters';
  it('passes any text of whole characters, pairs of surrogates included, and non-strings', () => {
    for (const value of ['', 'plain', '雲端主機', 'tab\tand\nnewline', '\u{1F600} emoji', 'é', 3, null, {}]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
  });
  it('fails a NUL anywhere and a surrogate without its pair', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'a\ud800',
      '\udc00b',
      '\udc00\ud800',
      '\ud83d\ud83d\ude00x\ud800',
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(E);
    }
  });
});
