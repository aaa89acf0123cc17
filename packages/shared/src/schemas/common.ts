import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../constants.js';
import { startNotAfterEnd } from '../validators/basic.js';

/** The success envelope of every answer: `{ data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** The query of a read that takes none but the web's cache-buster `t` (a time, ignored). */
export const cacheBusterQuerySchema = z.object({ t: z.coerce.number().optional() });

export const okSchema = z.object({ ok: z.literal(true) });

export const errorBodySchema = z.object({
  msg: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Query of a paged list (spec section 7): page from 0, limit 0 meaning all. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(FIRST_PAGE),
  limit: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  orderby: z.enum(['asc', 'desc']).optional(),
  t: z.coerce.number().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pagedSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/**
 * A filter's time range in order: when both `from` and `to` are given, `from` is not after `to`
 * (the spec's "start time not after end time"), refused on `to` with `validation.startAfterEnd`.
 * Applied last: a refined object cannot be extended or trimmed any more.
 */
export const orderedRange = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T): T =>
  schema.superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    const ok = startNotAfterEnd(query.from, query.to);
    if (ok !== true) ctx.addIssue({ code: 'custom', message: ok, path: ['to'] });
  });
