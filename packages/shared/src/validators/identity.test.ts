import { describe, expect, it } from 'vitest';
import { isCompanyId, isPersonId, isPersonOrCompanyId } from './identity.js';

const PERSON = 'validation.needBePersonId';
const COMPANY = 'validation.needBeCompanyId';

describe('isPersonId (Taiwan personal ID)', () => {
  // Letter code L: tens*1 + units*9; then digits 2-9 weighted 8..1; then the check digit *1.
  // A123456789: A=10 -> 1 + 0 = 1; 8+14+18+20+20+18+14+8 = 120; + check 9 -> 130.
  // F131104093: F=15 -> 1 + 5*9 = 46; 8+21+6+5+0+12+0+9 = 61; + check 3 -> 110.
  // I100000003: I=34 (not its alphabet position) -> 3 + 4*9 = 39; 1*8 = 8; + check 3 -> 50.
  // O200000006: O=35 -> 3 + 5*9 = 48; 2*8 = 16; + check 6 -> 70.
  // W123456707: W=32 -> 3 + 2*9 = 21; 8+14+18+20+20+18+14+0 = 112; + check 7 -> 140.
  it.each(['A123456789', 'F131104093', 'I100000003', 'O200000006', 'W123456707', 'Z298765438'])(
    'accepts %s',
    (id) => expect(isPersonId(id)).toBe(true),
  );

  it.each([
    ['A123456788', 'wrong checksum'],
    ['F131104094', 'wrong checksum'],
    ['I100000004', 'wrong checksum (I is 34, not 18)'],
    ['a123456789', 'lowercase letter'],
    ['A323456789', 'second digit not 1 or 2'],
    ['A823456789', 'resident-certificate gender digit'],
    ['A12345678', 'too short'],
    ['A1234567890', 'too long'],
    ['1123456789', 'no letter'],
    [' A123456789', 'leading space'],
    ['', 'empty'],
  ])('rejects %s (%s)', (id) => expect(isPersonId(id)).toBe(PERSON));

  it('rejects non-strings', () => {
    expect(isPersonId(undefined)).toBe(PERSON);
    expect(isPersonId(null)).toBe(PERSON);
    expect(isPersonId(1234567890)).toBe(PERSON);
  });
});

describe('isCompanyId (unified business number)', () => {
  // Weights 1,2,1,2,1,2,4,1; each product's digits are added.
  // 04595257: 0+8+5+(18->9)+5+4+(20->2)+7 = 40
  // 22099131: 2+4+0+(18->9)+9+2+(12->3)+1 = 30
  it.each(['04595257', '22099131'])('accepts %s (sum divisible by 10)', (id) =>
    expect(isCompanyId(id)).toBe(true),
  );

  // 2023 rule: divisible by 5 is enough.
  // 04595252: 0+8+5+9+5+4+2+2 = 35
  // 00000075: 7th digit 7 -> 28 -> 2+8 = 10; 10+5 = 15
  it.each(['04595252', '00000075'])('accepts %s (sum divisible by 5 but not by 10)', (id) =>
    expect(isCompanyId(id)).toBe(true),
  );

  // Seventh digit 7: 7*4 = 28 may count as 1 (1+0) or 0, so sum+1 divisible by 5 also passes.
  // 12345675: 1+4+3+(8)+5+(12->3)+(28->10)+5 = 39; 39 % 5 = 4, 39+1 = 40.
  // 10458574: 1+0+4+(10->1)+8+(10->1)+(28->10)+4 = 29; 29 % 5 = 4, 29+1 = 30.
  // 12345670: 1+4+3+8+5+3+10+0 = 34; 34+1 = 35.
  it.each(['12345675', '10458574', '12345670'])('accepts %s (seventh digit 7, sum+1 divisible by 5)', (id) =>
    expect(isCompanyId(id)).toBe(true),
  );

  it.each([
    ['12345678', '42 (seventh digit 7, but 43 is not divisible by 5 either)'],
    ['12345672', '36 (seventh digit 7, 37 not divisible by 5)'],
    ['04595258', '41'],
    ['00000060', '6*4 = 24 -> 6'],
    ['11111111', '14'],
  ])('rejects %s (sum %s)', (id) => expect(isCompanyId(id)).toBe(COMPANY));

  it('accepts 00000064 (6*4 = 24 -> 6; 6+4 = 10)', () => expect(isCompanyId('00000064')).toBe(true));

  it('does not apply the +1 exception when the seventh digit is not 7', () => {
    // 00000065: 0*6 ... 6*4 = 24 -> 2+4 = 6; +5 = 11; 11+1 = 12, and the 7th digit is 6 anyway.
    expect(isCompanyId('00000065')).toBe(COMPANY);
    // 00000084: 8*4 = 32 -> 5; 5+4 = 9; 9+1 = 10 would pass only if the 7th digit were 7.
    expect(isCompanyId('00000084')).toBe(COMPANY);
  });

  it.each(['1234567', '123456789', '1234567a', '', ' 04595257', '0459-5257'])('rejects the shape %j', (id) =>
    expect(isCompanyId(id)).toBe(COMPANY),
  );

  it('rejects non-strings', () => {
    expect(isCompanyId(undefined)).toBe(COMPANY);
    expect(isCompanyId({})).toBe(COMPANY);
  });
});

describe('isPersonOrCompanyId', () => {
  it('accepts either kind', () => {
    expect(isPersonOrCompanyId('A123456789')).toBe(true);
    expect(isPersonOrCompanyId('04595257')).toBe(true);
  });
  it('rejects neither', () => {
    expect(isPersonOrCompanyId('A123456788')).toBe('validation.needBePersonOrCompanyId');
    expect(isPersonOrCompanyId('12345678')).toBe('validation.needBePersonOrCompanyId');
  });
});
