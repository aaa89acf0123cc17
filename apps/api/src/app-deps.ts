import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { CloudDriver } from './cloud/driver.js';
import type { SpendOf } from './modules/alarms/alarm-evaluator.js';
import type { PublicClouds } from './modules/network/exchange/public-clouds.js';
import type { Clock } from './platform/clock.js';
import type { Jobs } from './platform/jobs/index.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { PasswordHasher } from './platform/passwords.js';
import type { SecretBox } from './platform/secret-box.js';
import type { BucketBackend } from './storage/buckets/bucket-backend.js';
import type { ObjectStore } from './storage/object-store.js';

/** What buildApp is given: the config and database, and whatever a test or the server hands in. */
export interface AppDeps {
  config: Config;
  /** The open database: Drizzle for the services, its client for the job queue. */
  database: Database;
  /** Defaults to the system clock; tests move their own. */
  clock?: Clock;
  /** Delivers the mail jobs; defaults to SMTP when config.smtpUrl is set, else the outbox. */
  mailer?: Mailer;
  /** Defaults to pg-boss on `database`, started here and stopped when the app closes. */
  jobs?: Jobs;
  passwords?: PasswordHasher;
  /** Defaults to a connection to config.redisUrl when set; without Redis, limits live in memory. */
  redis?: Redis;
  /** Defaults to config.s3.endpoint when set, else the embedded S3 server in DATA_DIR. */
  storage?: ObjectStore;
  /** Customers' buckets; defaults to the same S3 service as `storage`. */
  buckets?: BucketBackend;
  /** Defaults to loggerOptions(config): pretty in a terminal during development, else JSON lines. */
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the simulated cloud on this database (SIMULATOR_TIME_SCALE, SIMULATOR_FAILURE_RATE). */
  cloud?: CloudDriver;
  /** Defaults to a box sealed with SECRETS_KEY, or the key kept in DATA_DIR. */
  secrets?: SecretBox;
  /** The public clouds' VM lists; defaults to the simulated providers. */
  publicClouds?: PublicClouds;
  /** A tenant's month-to-date spend for the budget alarms: the valuation's unless a test gives one. */
  spendOf?: SpendOf;
  /**
   * Whether the scheduled work (snapshot rules, metric samples, alarm checks, ...) fires on its
   * wall-clock cron; default true. Tests turn it off: a tick would run the work on the test's
   * clock at a moment the test did not choose. They run it by hand (its job, or its function).
   */
  schedules?: boolean;
}
