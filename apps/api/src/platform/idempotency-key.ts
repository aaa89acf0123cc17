import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, IDEMPOTENCY_KEY_PATTERN } from '@portal/shared';
import { AppError } from './errors.js';
import { replies } from './responses.js';

/**
 * What a purchase that must happen once declares: the Idempotency-Key header it carries, and its
 * answers, 201 when it was made now and 200 when the key repeats one made before (the same answer).
 */
export const idempotentSchema = <T extends z.ZodType>(data: T) => ({
  headers: z.object({ 'idempotency-key': z.string().optional() }),
  response: { ...replies(data), 201: envelope(data) },
});

/** The request's Idempotency-Key; 400 MISS_PARAMETER when it is missing or not 8-128 printable characters. */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(400, 'MISS_PARAMETER', {}, [
      { path: 'Idempotency-Key', message: 'validation.notEmpty' },
    ]);
  }
  return key;
}
