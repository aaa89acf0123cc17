import { describe, expect, it } from 'vitest';
import { isBucketName } from './resources.js';
import { isEmail } from './basic.js';
import { z } from 'zod';
import { zRequired, zRule, zUuid, zUuidOrEmpty } from './zod.js';

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

describe('zUuid', () => {
  const messages = (r: { error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message);

  it('takes a UUID in either case, trimmed and lowercased', () => {
    expect(zUuid().parse(' 6A1F0C1E-0000-4000-8000-00000000000F ')).toBe(
      '6a1f0c1e-0000-4000-8000-00000000000f',
    );
  });

  it('refuses anything else before it reaches the database: empty, other text, another type', () => {
    for (const v of ['', '  ', undefined])
      expect(messages(zUuid().safeParse(v))).toEqual(['validation.notEmpty']);
    for (const v of ['not-a-uuid', '1', "'; DROP TABLE x;--", `${'6a1f0c1e-0000-4000-8000-000000000001'}x`])
      expect(messages(zUuid().safeParse(v))).toEqual(['validation.needBeOneOf']);
    for (const v of [7, {}, ['6a1f0c1e-0000-4000-8000-000000000001'], null])
      expect(messages(zUuid().safeParse(v))).toEqual(['validation.notEmpty']);
  });

  it('zUuidOrEmpty also takes empty text, for a field a form may leave blank', () => {
    expect(zUuidOrEmpty().parse('')).toBe('');
    expect(messages(zUuidOrEmpty().safeParse('x'))).toEqual(['validation.needBeOneOf']);
  });

  it('says uuid in the OpenAPI description', () => {
    expect(z.toJSONSchema(zUuid(), { io: 'input' })).toMatchObject({ type: 'string', format: 'uuid' });
  });
});
