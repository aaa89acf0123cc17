import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ccisToday } from '@portal/shared';
import type { ZodType } from 'zod';
import type { AuthContext } from '../auth-context.js';
import { signedIn } from '../authority-guard.js';
import type { Clock } from '../clock.js';
import type { ListCache } from './list-cache.js';

/**
 * Who asks, as far as a kept answer can tell (decision 0028): the tenant, its time zone (days and
 * months go by it) and what the caller may view (root, or its roles).
 */
export const tenantKey = (auth: AuthContext) =>
  `${auth.client.id}:${auth.client.timeZone}:${auth.user.isRoot ? 'root' : [...auth.user.roles].sort().join(',')}`;

/**
 * tenantKey and the tenant's resources version, which every change to a row the console's answers
 * read moves on (migrations 0012 and 0039): the key of an answer made from the tenant's rows.
 */
export const viewKey = (auth: AuthContext) => `${tenantKey(auth)}:${auth.client.resourcesVersion}`;

/** Answers being made, per cache: a crowd asking one key at once waits for one making. */
const making = new WeakMap<ListCache, Map<string, Promise<string>>>();

/**
 * The text kept under `key`, or made with `make` and kept. `key` must name everything the text is
 * made from (viewKey or tenantKey, the question, the meter's last hour, the day...): it is given
 * again as long as the key is the same. Requests for a key being made wait for that making rather
 * than start another (twenty tabs on one dashboard after a change cost one reading, not twenty).
 */
export async function keep(cache: ListCache, key: string, make: () => Promise<string>): Promise<string> {
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const inFlight = making.get(cache) ?? new Map<string, Promise<string>>();
  making.set(cache, inFlight);
  let made = inFlight.get(key);
  if (!made) {
    made = make().then((text) => {
      cache.set(key, text);
      return text;
    });
    inFlight.set(key, made);
    made.then(
      () => inFlight.delete(key),
      () => inFlight.delete(key),
    );
  }
  return made;
}

/** Sends the text kept under `key` (see keep). */
export async function sendKept(
  reply: FastifyReply,
  cache: ListCache,
  key: string,
  make: () => Promise<string>,
  type = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  return reply.type(type).send((await keep(cache, key, make)) as never);
}

/** sendKept of a JSON answer `{ data }`. */
export const sendKeptData = (
  reply: FastifyReply,
  cache: ListCache,
  key: string,
  data: () => Promise<unknown>,
) => sendKept(reply, cache, key, async () => JSON.stringify({ data: await data() }));

/**
 * What a route's answer is made from, declared with it (`config.keep`): 'rows', the tenant's rows
 * only; 'rows-and-day', those and the customer's day (statuses that go by the date). Its answer
 * is then kept by viewKey, the day where said, the language and the whole URL.
 */
export type KeptFrom = 'rows' | 'rows-and-day';

/**
 * Keeps the answers of every GET route that declares `config.keep` (registered before the
 * routes). The route's handler must return its answer (`{ data }`), not send it.
 */
export function registerKeptRoutes(app: FastifyInstance, cache: ListCache, clock: Clock): void {
  app.addHook('onRoute', (route) => {
    const keep = route.config?.keep;
    if (!keep) return;
    if ([route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'))
      throw new Error(`Route ${route.url}: config.keep is for GET routes`);
    const handler = route.handler as (this: FastifyInstance, ...args: unknown[]) => Promise<unknown>;
    // Made as the route's schema would send it (what the schema leaves out stays out).
    const sent = (route.schema?.response as Record<number, ZodType> | undefined)?.[200];
    if (!sent) throw new Error(`Route ${route.url}: config.keep needs the 200 answer's schema`);
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const auth = signedIn(request);
      const day = keep === 'rows-and-day' ? ccisToday(clock.now(), auth.client.timeZone) : '';
      const key = `route:${viewKey(auth)}:${day}:${request.lang}:${request.url}`;
      return sendKept(reply, cache, key, async () =>
        JSON.stringify(sent.parse(await handler.call(this, request, reply))),
      );
    };
  });
}
