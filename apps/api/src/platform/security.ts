import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { tryAgainLater } from './errors.js';

/**
 * Security headers with a strict content policy: scripts only from our origin, and inline only the
 * one named by its hash (below); inline styles allowed because MUI (emotion) writes its styles into
 * <style> tags at run time.
 * No upgrade-insecure-requests: TLS ends at the load balancer, which also sets HSTS for real.
 */
/**
 * The web app's first script (apps/web/index.html), which marks the colour scheme before anything
 * paints. Changing that script means changing this hash; security.test.ts compares them.
 */
export const INDEX_INLINE_SCRIPT_HASH = "'sha256-ucUvU2dWGHDAva7u6PHUALDuCPjCYZDNyeBXhuPV6jI='";

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", INDEX_INLINE_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: shows a private upload the page fetched with the staff session (operations console).
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
};

// helmet's middleware computes its header values once, here; @fastify/helmet rebuilt it on every
// request, which cost about a tenth of the API's throughput (docs/decisions/0007).
const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
});

/**
 * The same headers on an answer Fastify gives before any hook runs (a URL that does not decode,
 * a path parameter over the router's length): helmet sets them at once, without waiting.
 */
export function setSecurityHeaders(request: IncomingMessage, response: ServerResponse): void {
  securityHeaders(request, response, () => undefined);
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { rateLimitPerMinute: number; redis?: Redis },
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  // A flood guard per address over the whole API; sign-in has its own, much tighter throttle.
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    redis: options.redis,
    nameSpace: 'portal:rate-limit:',
    // When Redis is away, serving without a flood guard beats not serving at all.
    skipOnError: true,
    // The web app's files are static and cached; a page visit fetches dozens of them, which must
    // not eat the budget of the API calls (a 429 on a script chunk breaks the page).
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => tryAgainLater(context.ttl),
  });

  // Answers carry tokens and personal data: no cache, shared or private, may keep them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
