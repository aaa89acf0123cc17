import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { registerApiDocs } from './api-docs.js';
import { registerAudit } from './audit.js';
import { registerAuthorityGuard } from './authority-guard.js';
import type { Clock } from './clock.js';
import { registerCompression } from './compression.js';
import { registerErrorHandler } from './error-handler.js';
import { registerJsonBody } from './json-body.js';
import { registerLanguage } from './language.js';
import { registerLogCode } from './log-code.js';
import { registerKeptRoutes } from './resources/kept-answer.js';
import type { ListCache } from './resources/list-cache.js';
import { registerSecurity } from './security.js';
import type { SessionStore } from './sessions.js';
import type { KeyAuthenticator } from './api-key-auth.js';
import { registerStorableText } from './storable-text.js';

/**
 * What every request goes through, registered before any route: errors, bodies, language, log
 * codes, security headers and rate limits, compression, the API docs, the authority guard, kept
 * answers, text the database can store, and the audit record of each change.
 */
export async function registerRequestPlugins(
  app: FastifyInstance,
  deps: {
    config: Config;
    redis: Redis | undefined;
    db: Db;
    clock: Clock;
    sessions: SessionStore;
    keys: KeyAuthenticator;
    answers: ListCache;
  },
): Promise<void> {
  const { config, redis, db, clock, sessions, keys, answers } = deps;
  registerErrorHandler(app);
  registerJsonBody(app);
  registerLanguage(app);
  registerLogCode(app);
  await registerSecurity(app, { rateLimitPerMinute: config.rateLimitPerMinute, redis });
  await registerCompression(app);
  await registerApiDocs(app);
  registerAuthorityGuard(app, { db, clock, sessions, keys });
  // Answers kept by what they are made from (decision 0028): the lists, the routes that declare
  // config.keep, and the answers that name their own key.
  registerKeptRoutes(app, answers, clock);
  registerStorableText(app);
  registerAudit(app, { db, clock });
}
