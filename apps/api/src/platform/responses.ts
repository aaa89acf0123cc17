import type { z } from 'zod';
import { envelope, errorBodySchema } from '@portal/shared';

/**
 * The response schemas of a route: `{ data }` on success, `{ msg, errors? }` on refusal. The
 * success schema also filters the answer, so a field not in it (a password hash) cannot leak.
 */
export const replies = <T extends z.ZodType>(data: T) => ({
  200: envelope(data),
  '4xx': errorBodySchema,
  '5xx': errorBodySchema,
});
