import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { pagedSchema } from '@portal/shared';
import { replies } from './responses.js';

/**
 * The options of a GET that answers one page of records (`{ records, total, page, limit }`): its
 * config (authority, and `keep` where the answer is kept), where the API's documentation lists it,
 * what its path and query take, and the record it pages.
 */
export function pageRoute<S extends { querystring?: z.ZodType; params?: z.ZodType }, R extends z.ZodType>(
  route: S & { config: FastifyContextConfig; tags: string[]; summary: string; record: R },
) {
  const { config, tags, summary, record, ...request } = route;
  return { config, schema: { tags, summary, ...request, response: replies(pagedSchema(record)) } };
}
