import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, errorBodySchema, pagedSchema, pageQuerySchema } from './common.js';

describe('pageQuerySchema', () => {
  it('defaults to page 0 and limit 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 0, limit: 10 });
  });
  it('coerces query strings', () => {
    expect(pageQuerySchema.parse({ page: '2', limit: '0', sort: 'name', orderby: 'desc', t: '17' })).toEqual({
      page: 2,
      limit: 0,
      sort: 'name',
      orderby: 'desc',
      t: 17,
    });
  });
  it.each([{ page: '-1' }, { limit: '10001' }, { page: '1.5' }, { orderby: 'up' }])('rejects %j', (q) =>
    expect(pageQuerySchema.safeParse(q).success).toBe(false),
  );
});

describe('envelopes', () => {
  it('wraps data and pages', () => {
    const schema = envelope(pagedSchema(z.object({ id: z.string() })));
    expect(schema.safeParse({ data: { records: [{ id: 'a' }], total: 1, page: 0, limit: 10 } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ data: { records: [{ id: 1 }], total: 1, page: 0, limit: 10 } }).success).toBe(
      false,
    );
  });
  it('reads an error body', () => {
    expect(errorBodySchema.parse({ msg: 'FORMAT_ERROR', errors: [{ path: 'a', message: 'b' }] })).toEqual({
      msg: 'FORMAT_ERROR',
      errors: [{ path: 'a', message: 'b' }],
    });
  });
});
