import { describe, expect, it } from 'vitest';
import { isBucketName } from './resources.js';
import { isEmail } from './basic.js';
import { zRequired, zRule } from './zod.js';

describe('zRule and zRequired', () => {
  it('zRule reports the rule key with its limits', () => {
    const r = zRule(isBucketName).safeParse('AB');
    expect(r.success).toBe(false);
    expect(r.error?.issues).toMatchObject([
      { message: 'validation.needBeS3Bucket', params: { min: 3, max: 63 } },
    ]);
    expect(zRule(isBucketName).safeParse('my-bucket').success).toBe(true);
  });
  it('zRequired gives notEmpty for empty, blank or missing values', () => {
    const schema = zRequired(isEmail);
    for (const v of ['', '   ', undefined]) {
      expect(schema.safeParse(v).error?.issues.map((i) => i.message)).toEqual(['validation.notEmpty']);
    }
    expect(schema.safeParse('nope').error?.issues.map((i) => i.message)).toEqual([
      'validation.needBeFormat.Email',
    ]);
    expect(schema.parse(' a@example.com ')).toBe('a@example.com');
    expect(zRequired().parse('x')).toBe('x');
  });
});
