import type { FastifyInstance } from 'fastify';
import { LOG_CODE_HEADER } from '@portal/shared';

/** Log codes are short numbers (spec section 9); anything else in the header is not ours to log. */
const LOG_CODE = /^\d{1,8}$/;

/**
 * Puts the page's log code (X-LOG-CODE, spec section 7) on the request's log lines, so the
 * "request completed" line tells which screen made the call.
 */
export function registerLogCode(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const value = request.headers[LOG_CODE_HEADER];
    if (typeof value !== 'string' || !LOG_CODE.test(value)) return;
    request.log = request.log.child({ logCode: Number(value) });
    reply.log = request.log;
  });
}
