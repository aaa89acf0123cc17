import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { CloudDriver } from '../../cloud/driver.js';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/database.js';
import type { BucketBackend } from '../../storage/buckets/bucket-backend.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Captchas } from '../captcha.js';
import type { Clock } from '../clock.js';
import type { Jobs } from '../jobs/index.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { Operations } from '../operations/operations.js';
import type { PasswordHasher } from '../passwords.js';
import type { Readiness } from '../readiness.js';
import type { ListCache } from '../resources/list-cache.js';
import type { ResourceDeps, ResourceRegistry } from '../resources/register-resource.js';
import type { SecretBox } from '../secret-box.js';
import type { SessionStore } from '../sessions.js';
import type { LoginThrottle } from '../throttle/login-throttle.js';

/**
 * What buildApp makes before any module and hands to every one: the app to register on, the
 * services every domain shares, and the deps the app was given (a module reads its own test seams
 * there: `publicClouds`, `spendOf`). A module's own services are made in the module.
 */
export interface Platform {
  /** The root app: routes go in as plugins (`app.register`), decorations on it are everyone's. */
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  mail: MailQueue;
  passwords: PasswordHasher;
  sessions: SessionStore;
  throttle: LoginThrottle;
  captchas: Captchas;
  readiness: Readiness;
  /** The portal's own files (registration documents, ticket attachments). */
  storage: ObjectStore;
  /** The customers' buckets. */
  buckets: BucketBackend;
  cloud: CloudDriver;
  operations: Operations;
  secrets: SecretBox;
  /** Answers kept by what they are made from (decision 0028). */
  answers: ListCache;
  /** What registerResource needs, with the registry the declared resources go in (app.resources). */
  resourceDeps: ResourceDeps & { registry: ResourceRegistry };
}
