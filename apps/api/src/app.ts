import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import { createAuthService } from './modules/auth/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { createTwoFa } from './modules/auth/two-fa.js';
import { clientInfoRoutes } from './modules/client-info/routes.js';
import { createClientInfoService } from './modules/client-info/service.js';
import { devOutboxRoutes } from './modules/dev-outbox/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { closeConnectionsWhileDraining, createReadiness } from './platform/readiness.js';
import { resourceTypeRoutes } from './modules/resource-types/routes.js';
import { createResourceTypeService } from './modules/resource-types/service.js';
import { newsRoutes } from './modules/news/routes.js';
import { createNewsService } from './modules/news/service.js';
import { productRoutes } from './modules/products/routes.js';
import { createProductService } from './modules/products/service.js';
import { registerApiDocs } from './platform/api-docs.js';
import { createViewLinks } from './modules/registration/document-view-link.js';
import { createOpsService } from './modules/registration/ops-service.js';
import { opsRoutes } from './modules/registration/ops-routes.js';
import { opsClientsRoutes } from './modules/registration/ops-clients-routes.js';
import { createOpsClientsService } from './modules/registration/ops-clients-service.js';
import { passwordRoutes } from './modules/password/routes.js';
import { createPasswordService } from './modules/password/service.js';
import { createCaptchas } from './platform/captcha.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { createRegistrationService } from './modules/registration/service.js';
import type { ObjectStore } from './storage/object-store.js';
import { createStorage } from './storage/create-storage.js';
import type { BucketBackend } from './storage/buckets/bucket-backend.js';
import { registerAuthorityGuard } from './platform/authority-guard.js';
import { registerCompression } from './platform/compression.js';
import { registerAudit } from './platform/audit.js';
import { auditRoutes } from './modules/audit/routes.js';
import { createAuditService } from './modules/audit/service.js';
import { iamRoutes } from './modules/iam/routes.js';
import { createIamService } from './modules/iam/service.js';
import { systemClock, type Clock } from './platform/clock.js';
import { answerFrameworkError, registerErrorHandler } from './platform/error-handler.js';
import { scheduleCleanup } from './platform/expired-rows.js';
import { registerJsonBody } from './platform/json-body.js';
import { registerLanguage } from './platform/language.js';
import { registerLogCode } from './platform/log-code.js';
import { loggerOptions, PortalLogController } from './platform/logging.js';
import { redactingLogger } from './platform/log-redaction.js';
import { createJobs, type Jobs } from './platform/jobs/index.js';
import { createMailQueue } from './platform/mail/mail-queue.js';
import type { Mailer } from './platform/mail/mailer.js';
import { createOutboxMailer } from './platform/mail/outbox.js';
import { createSmtpMailer } from './platform/mail/smtp-mailer.js';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.js';
import { registerSecurity } from './platform/security.js';
import { registerStorableText } from './platform/storable-text.js';
import { createSessionStore } from './platform/sessions.js';
import { registerStaticSite } from './platform/static-site.js';
import { createLoginThrottle } from './platform/throttle/login-throttle.js';
import { createMemoryThrottleStore } from './platform/throttle/memory-store.js';
import { createRedisThrottleStore } from './platform/throttle/redis-store.js';
import type { CloudDriver } from './cloud/driver.js';
import { createSimulator } from './cloud/simulator/simulator.js';
import { computeRoutes } from './modules/compute/routes.js';
import { vmConsoleRoutes } from './modules/compute/vm-console-routes.js';
import { createOperations } from './platform/operations/operations.js';
import { createPasswordConfirm } from './platform/password-confirm.js';
import { registerOperationKicks, type ResourceRegistry } from './platform/resources/register-resource.js';
import { tagRoutes } from './platform/resources/tag-routes.js';
import { createListCache } from './platform/resources/list-cache.js';
import { registerKeptRoutes } from './platform/resources/kept-answer.js';
import { createSecretBox, loadSecretKey, type SecretBox } from './platform/secret-box.js';
import { networkRoutes } from './modules/network/routes.js';
import { storageRoutes } from './modules/storage/routes.js';
import { dataStoreRoutes } from './modules/data-store/routes.js';
import { createAlarmEvaluator, type SpendOf } from './modules/alarms/alarm-evaluator.js';
import { alarmRoutes } from './modules/alarms/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { syncCcisOrders } from './modules/orders/ccis-orders.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import type { SampleListener } from './modules/metrics/sampler.js';
import { usageRoutes } from './modules/usage/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { announcementRoutes } from './modules/announcements/routes.js';
import { keptCurrentValuation } from './modules/usage/kept-valuation.js';
import { monthToDateSpend } from './modules/usage/usage-service.js';
import { createDataStoreService } from './modules/data-store/data-store-service.js';
import { auditedStaffChange } from './platform/staff-audit-record.js';
import { searchRoutes } from './modules/search/routes.js';
import { scheduleUsageMetering } from './modules/usage/metering.js';
import { createSimulatedPublicClouds, type PublicClouds } from './modules/network/exchange/public-clouds.js';
import './platform/fastify-types.js';

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

/** The whole API on the given database; the caller decides when to listen (or to inject). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const db: Db = database.db;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    // Whatever the destination, every line goes through the redacting serializers.
    logger: redactingLogger(deps.logger ?? loggerOptions(config)),
    logController: new PortalLogController(),
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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

  // Registered after the mailer's hook, so it runs before it (Fastify closes in reverse order):
  // running mail jobs finish before the SMTP connection goes.
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
  const throttle = createLoginThrottle(
    redis ? createRedisThrottleStore(redis) : createMemoryThrottleStore(clock),
    config.loginFailuresPerAddress,
  );
  const twoFa = createTwoFa({ db, clock, sessions, mail, codeTtlMs: config.twoFaCodeTtlMs });

  registerErrorHandler(app);
  registerJsonBody(app);
  registerLanguage(app);
  registerLogCode(app);
  await registerSecurity(app, { rateLimitPerMinute: config.rateLimitPerMinute, redis });
  await registerCompression(app);
  await registerApiDocs(app);
  registerAuthorityGuard(app, { db, clock, sessions });
  // Answers kept by what they are made from (decision 0028): the lists, the routes that declare
  // config.keep, and the answers that name their own key.
  const answers = createListCache();
  registerKeptRoutes(app, answers, clock);
  registerStorableText(app);
  registerAudit(app, { db, clock });

  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  closeConnectionsWhileDraining(app, readiness);
  await app.register(healthRoutes, { db, ping: database.ping, readiness });
  const auth = createAuthService({ db, clock, passwords, sessions, throttle, twoFa, jobs });
  await auth.attach();
  await app.register(authRoutes, { auth, twoFa });
  await app.register(clientInfoRoutes, {
    clientInfo: createClientInfoService({ clock, passwords, sessions, throttle }),
  });
  await app.register(resourceTypeRoutes, { resourceTypes: createResourceTypeService(db) });
  await app.register(iamRoutes, { iam: createIamService({ clock, passwords, sessions, throttle }) });
  await app.register(auditRoutes, { audit: createAuditService(), now: () => clock.now() });
  await app.register(productRoutes, { products: createProductService(db) });
  await app.register(newsRoutes, { news: createNewsService(db, clock) });
  const made = deps.storage && deps.buckets ? undefined : await createStorage(config);
  if (made) app.addHook('onClose', async () => made.close());
  const storage = deps.storage ?? made!.objects;
  const buckets = deps.buckets ?? made!.buckets;
  app.decorate('buckets', buckets);
  const captchas = createCaptchas(db, clock);
  const publicUrl = config.publicUrl;
  const registration = createRegistrationService({
    db,
    clock,
    mail,
    jobs,
    captchas,
    store: storage,
    publicUrl,
  });
  await registration.attach();
  await app.register(registrationRoutes, { registration, captchas, dev: config.env !== 'production' });
  const password = createPasswordService({ db, clock, mail, jobs, captchas, passwords, sessions, publicUrl });
  await password.attach();
  await app.register(passwordRoutes, { password });
  await app.register(opsRoutes, {
    ops: createOpsService({
      db,
      clock,
      mail,
      passwords,
      throttle,
      store: storage,
      publicUrl,
      viewLinks: config.opsLinkSecret ? createViewLinks(Buffer.from(config.opsLinkSecret)) : undefined,
    }),
  });
  await app.register(opsClientsRoutes, { clients: createOpsClientsService({ db, clock, sessions }) });
  const cloud =
    deps.cloud ??
    createSimulator({
      db,
      clock,
      timeScale: config.simulatorTimeScale,
      failureRate: config.simulatorFailureRate,
    });
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
  // (decision 0010); attached once ready, when every kind of operation is defined.
  app.addHook('onReady', async () => operations.attach(jobs));
  registerOperationKicks(app, operations);
  const registry: ResourceRegistry = new Map();
  const resourceDeps = {
    operations,
    confirmPassword: createPasswordConfirm({ passwords, throttle }),
    listCache: answers,
    checkAnswers: config.env === 'test',
    registry,
  };
  await app.register(computeRoutes, {
    db,
    clock,
    jobs,
    ...resourceDeps,
    publicUrl,
    sendMail: (to, lang, content) => mail.send({ to, lang, ...content }),
  });
  const secrets = deps.secrets ?? createSecretBox(await loadSecretKey(config.secretsKey, config.dataDir));
  await app.register(networkRoutes, {
    db,
    clock,
    ...resourceDeps,
    secrets,
    publicClouds: deps.publicClouds ?? createSimulatedPublicClouds(),
  });
  await app.register(storageRoutes, { db, clock, jobs, ...resourceDeps, backend: buckets, secrets });
  // Metric alarms are evaluated on each new minute of samples: the metrics sampler calls
  // alarmEvaluator.evaluateAlarms(at) once the minute is written. Budget alarms hourly, on the
  // month-to-date spend (spendOf: the valuation's figure).
  const alarmEvaluator = createAlarmEvaluator({
    db,
    jobs,
    log: app.log,
    publicUrl,
    spendOf: deps.spendOf ?? ((clientId, now) => monthToDateSpend(db, clientId, now)),
  });
  app.decorate('alarmEvaluator', alarmEvaluator);
  await app.register(alarmRoutes, {
    db,
    clock,
    jobs,
    mail,
    publicUrl,
    ...resourceDeps,
    evaluator: alarmEvaluator,
  });
  await app.register(dataStoreRoutes, {
    clock,
    // Every purchase is an order (type ccis) in the order lists, written in its transaction.
    contractChanged: (tx, clientId, today) => syncCcisOrders(tx, clock, clientId, today),
  });
  await app.register(orderRoutes, {
    db,
    clock,
    jobs,
    confirmPassword: resourceDeps.confirmPassword,
    answers: resourceDeps.listCache,
  });
  await app.register(ticketRoutes, { db, clock, jobs, mail, store: storage, publicUrl, ...resourceDeps });
  // Told after each sampled period of VM metrics: the metric alarms are evaluated on it.
  const onSampled: SampleListener[] = [
    async (at) => {
      await alarmEvaluator.evaluateAlarms(at);
    },
  ];
  await app.register(metricsRoutes, {
    db,
    clock,
    jobs,
    cloud,
    sampleSeconds: config.metricSampleSeconds,
    onSampled,
    answers: resourceDeps.listCache,
  });
  await app.register(usageRoutes, { db, clock, answers: resourceDeps.listCache });
  // The dashboard reads the data-store contract and the valuation as their own modules give them.
  const dataStoreForDashboard = createDataStoreService({ clock });
  await app.register(dashboardRoutes, {
    clock,
    contractOf: (auth) => dataStoreForDashboard.contract(auth),
    valuationOf: keptCurrentValuation(resourceDeps.listCache),
    answers: resourceDeps.listCache,
  });
  await app.register(announcementRoutes, {
    db,
    clock,
    staffChange: (entry, work) => auditedStaffChange({ db, clock }, entry, work),
  });
  await app.register(searchRoutes);
  await scheduleUsageMetering(jobs, { db, clock, log: app.log });
  await app.register(tagRoutes, { registry, operations });
  await app.register(vmConsoleRoutes, {
    db,
    clock,
    sessions,
    cloud,
    publicUrl,
    checkMs: config.consoleCheckMs,
  });
  if (config.env !== 'production') await app.register(devOutboxRoutes, { db });
  await registerStaticSite(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
