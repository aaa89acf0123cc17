import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppDeps } from '../app-deps.js';
import { createCloud } from '../cloud/create-cloud.js';
import { createStorage } from '../storage/create-storage.js';
import { createKeyAuthenticator } from './api-key-auth.js';
import { createCaptchas } from './captcha.js';
import { systemClock } from './clock.js';
import { scheduleCleanup } from './expired-rows.js';
import { createJobs } from './jobs/index.js';
import { createMailQueue } from './mail/mail-queue.js';
import { createOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp-mailer.js';
import type { Platform } from './modules/platform.js';
import { createOperations } from './operations/operations.js';
import { createPasswordConfirm } from './password-confirm.js';
import { createPasswordHasher } from './passwords.js';
import { closeConnectionsWhileDraining, createReadiness } from './readiness.js';
import { registerRequestPlugins } from './request-plugins.js';
import { registerOperationKicks, type ResourceRegistry } from './resources/register-resource.js';
import { createListCache } from './resources/list-cache.js';
import { createSecretBox, loadSecretKey } from './secret-box.js';
import { checkSecretKey } from './secret-key-check.js';
import { createSessionStore } from './sessions.js';
import { createLoginThrottle } from './throttle/login-throttle.js';
import { createMemoryThrottleStore } from './throttle/memory-store.js';
import { createRedisThrottleStore } from './throttle/redis-store.js';

/**
 * The platform every module is registered on, made in the order it closes in reverse (Fastify
 * runs the onClose hooks last-registered first): Redis, mail, the job queue, the request plugins,
 * readiness, storage, the cloud and its operations. What the deps hand in is used as given and
 * left open; what is made here is closed with the app.
 */
export async function buildPlatform(app: FastifyInstance, deps: AppDeps): Promise<Platform> {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;

  const redis =
    deps.redis ?? (config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined);
  if (redis && !deps.redis) app.addHook('onClose', async () => void (await redis.quit()));

  let mailer = deps.mailer;
  if (!mailer && config.smtpUrl) {
    const smtp = createSmtpMailer(config.smtpUrl, config.mailFrom);
    app.addHook('onClose', async () => smtp.close());
    mailer = smtp;
  }
  mailer ??= createOutboxMailer(db, app.log, { showText: config.env !== 'production' });

  // Registered after the mailer's hook, so it runs before it: running mail jobs finish before the
  // SMTP connection goes.
  const jobs =
    deps.jobs ??
    (await createJobs({
      database,
      log: app.log,
      pollingIntervalSeconds: config.jobPollingSeconds,
      schedules: deps.schedules,
      // Within the bound of a graceful stop, after the proxy's notice, with a second to spare.
      stopTimeoutMs: Math.max(1_000, config.shutdownTimeoutMs - config.drainNoticeMs - 1_000),
    }));
  if (!deps.jobs) app.addHook('onClose', async () => jobs.stop());
  app.decorate('jobs', jobs);
  const mail = await createMailQueue({ jobs, mailer, sqlExecutor: database.sqlExecutor, log: app.log });
  await scheduleCleanup(jobs, { db, clock, log: app.log });

  const passwords = deps.passwords ?? createPasswordHasher(config.env);
  const sessions = createSessionStore(db, clock);
  const counters = redis ? createRedisThrottleStore(redis) : createMemoryThrottleStore(clock);
  const throttle = createLoginThrottle(counters, config.loginFailuresPerAddress);
  const keys = createKeyAuthenticator({ db, clock, store: counters, perMinute: config.apiKeyCallsPerMinute });
  const answers = createListCache();
  await registerRequestPlugins(app, { config, redis, db, clock, sessions, keys, answers });

  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  closeConnectionsWhileDraining(app, readiness);

  const made = deps.storage && deps.buckets ? undefined : await createStorage(config);
  if (made) app.addHook('onClose', async () => made.close());
  const storage = deps.storage ?? made!.objects;
  const buckets = deps.buckets ?? made!.buckets;
  app.decorate('buckets', buckets);

  const cloud = deps.cloud ?? createCloud(config, db, clock, (line) => app.log.info(line));
  const operations = createOperations({
    db,
    clock,
    driver: cloud,
    log: app.log,
    leaseMs: config.operationLeaseMs,
  });
  app.decorate('operations', operations);
  app.decorate('cloud', cloud);
  app.addHook('onClose', async () => operations.stop());
  // Operations run as jobs on any instance, and a schedule sweeps up what a dead one left
  // (decision 0010); attached once ready, when every module has defined its kinds of operation.
  app.addHook('onReady', async () => operations.attach(jobs));
  registerOperationKicks(app, operations);

  // The declared resources by type: filled by the modules (registerResource), read by the tag
  // routes and by whoever walks app.resources.
  const registry: ResourceRegistry = new Map();
  app.decorate('resources', registry);
  const resourceDeps = {
    operations,
    confirmPassword: createPasswordConfirm({ passwords, throttle }),
    listCache: answers,
    checkAnswers: config.env === 'test',
    registry,
  };
  const secrets = deps.secrets ?? createSecretBox(await loadSecretKey(config.secretsKey, config.dataDir));
  await checkSecretKey(db, secrets);

  return {
    app,
    deps,
    config,
    database,
    db,
    clock,
    log: app.log,
    jobs,
    mail,
    passwords,
    sessions,
    throttle,
    captchas: createCaptchas(db, clock),
    readiness,
    storage,
    buckets,
    cloud,
    operations,
    secrets,
    answers,
    resourceDeps,
  };
}
