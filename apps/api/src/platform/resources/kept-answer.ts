import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../auth-context.js';
import type { ListCache } from './list-cache.js';

/**
 * What any kept answer of the caller's depends on besides its question (decision 0027): the
 * tenant, its resources version (moved on by every change to a row the answer reads: migrations
 * 0012 and 0039) and what the caller may view (root, or its roles).
 */
export const viewKey = (auth: AuthContext) =>
  `${auth.client.id}:${auth.client.resourcesVersion}:${auth.user.isRoot ? 'root' : [...auth.user.roles].sort().join(',')}`;

/**
 * Sends the answer kept under `key`, or makes it with `body`, keeps it and sends it. `key` must
 * name everything the answer is made from (viewKey, the question, the meter's last hour, the
 * day...): the answer is given again as long as the key is the same.
 */
export async function sendKept(
  reply: FastifyReply,
  cache: ListCache,
  key: string,
  body: () => Promise<string>,
  type = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  let text = cache.get(key);
  if (text === undefined) {
    text = await body();
    cache.set(key, text);
  }
  return reply.type(type).send(text as never);
}

/** sendKept of a JSON answer `{ data }`. */
export const sendKeptData = (
  reply: FastifyReply,
  cache: ListCache,
  key: string,
  data: () => Promise<unknown>,
) => sendKept(reply, cache, key, async () => JSON.stringify({ data: await data() }));
