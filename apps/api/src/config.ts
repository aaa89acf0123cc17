import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_CHECK_MS, LANGUAGES, TWO_FA_CODE_TTL_MS, type Language } from '@portal/shared';
import { LOGIN_FAILURES_PER_ADDRESS } from './platform/throttle/login-throttle.js';

export type NodeEnv = 'development' | 'production' | 'test';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface S3Config {
  endpoint?: string;
  region: string;
  accessKey?: string;
  secretKey?: string;
  bucket: string;
  /**
   * Where customers' S3 clients, presigned links and public object URLs reach the service
   * (S3_PUBLIC_ENDPOINT); the service's own endpoint by default.
   */
  publicEndpoint?: string;
  /** The embedded server's port (S3_EMBEDDED_PORT); 0 lets the system pick a free one. */
  embeddedPort: number;
  /**
   * S3_ENDPOINT is the portal's own S3 server run on its own (S3_PORTAL_SERVER=1,
   * `npm run s3-server`), shared by several instances: public buckets and customers' keys are told
   * to its gate, and the portal expires objects by the lifecycle rules, as with the embedded one.
   */
  portalServer: boolean;
}

export interface Config {
  env: NodeEnv;
  /** Pino level of the server log; tests are silent unless they ask. */
  logLevel: LogLevel;
  port: number;
  host: string;
  /** Where the embedded database (and later the embedded object store) keep their files. */
  dataDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite in `dataDir/pglite`. */
  databaseUrl?: string;
  /**
   * SMTP connection string for nodemailer; unset means mail lands in the outbox. Production
   * refuses to start without it unless MAIL_OUTBOX=1 says the outbox is meant.
   */
  smtpUrl?: string;
  mailFrom: string;
  /** When set, rate limits and sign-in throttles live in Redis so they hold across instances. */
  redisUrl?: string;
  s3: S3Config;
  /** Password of the demo users created on first start of the embedded default. */
  demoPassword: string;
  /** Seed the demo tenant: always on the embedded default, on PostgreSQL only with SEED_DEMO=1. */
  seedDemo: boolean;
  /**
   * The demo customer's language (DEMO_LANGUAGE, zh-TW or en): the seeded names, firewall rule
   * remarks, tickets and their answers are written in it, as a customer writes in their own.
   */
  demoLanguage: Language;
  /** The built single-page app; served at / when the folder exists. */
  webDist: string;
  /** Requests per minute per address across the whole API (a flood guard, not a login throttle). */
  rateLimitPerMinute: number;
  /** Calls per minute one API key may make, whatever the address (issue 27). */
  apiKeyCallsPerMinute: number;
  /** Wrong sign-ins from one address in 15 minutes before the address is locked for 15 minutes. */
  loginFailuresPerAddress: number;
  /**
   * Fastify's trustProxy: `true`, or the proxies' addresses (`loopback`, `10.0.0.0/8, ...`). Set
   * it behind a load balancer so limits see the caller's address rather than the balancer's.
   */
  trustProxy: boolean | string;
  /**
   * How long an emailed sign-in code lives: 5 minutes (spec section 9). Browser tests shorten it
   * with TWO_FA_CODE_TTL_MS to watch a code expire; production refuses the setting.
   */
  twoFaCodeTtlMs: number;
  /** Where people reach the web app, for links in mail (PUBLIC_URL); defaults to this server. */
  publicUrl: string;
  /**
   * Key of the operations console's one-minute document view links (OPS_LINK_SECRET, at least 32
   * characters). Unset, each server start draws its own, which is right for one instance; several
   * instances behind a load balancer need the same key.
   */
  opsLinkSecret?: string;
  /**
   * Key sealing secrets kept at rest (SECRETS_KEY, at least 32 characters): public-cloud
   * credentials, load balancers' private keys. Unset, one is drawn and kept in DATA_DIR/secrets.key.
   */
  secretsKey?: string;
  /**
   * Multiplies every duration of the simulated cloud (SIMULATOR_TIME_SCALE): 1 is realistic (a VM
   * launches in tens of seconds, a volume type change takes days), 0 is instant (tests).
   */
  simulatorTimeScale: number;
  /** Share of cloud requests the simulator fails by itself, 0 to 1 (SIMULATOR_FAILURE_RATE). */
  simulatorFailureRate: number;
  /**
   * The cloud behind the portal (CLOUD_DRIVER): `simulator` (the default, nothing runs) or
   * `libvirt` (VMs, disks and snapshots on QEMU through libvirt at LIBVIRT_URI; its pool, images
   * and console sockets under DATA_DIR/libvirt).
   */
  cloudDriver: 'simulator' | 'libvirt';
  /** Where libvirt answers (LIBVIRT_URI). */
  libvirtUri: string;
  /**
   * How QEMU runs the guests (LIBVIRT_ACCEL): `auto` (the default) boots the small image on KVM
   * once at start and uses KVM only when it booted, QEMU's emulation otherwise; `kvm` or `qemu`
   * without asking.
   */
  libvirtAccel: 'auto' | 'kvm' | 'qemu';
  /** The libvirt storage pool of the portal's volumes and snapshot copies (LIBVIRT_POOL). */
  libvirtPool: string;
  /**
   * How far the running guests' memory may exceed the host's (LIBVIRT_RAM_ALLOCATION_RATIO, 1 to
   * 16, default 1: not at all). QEMU takes a guest's memory as the guest touches it; a provider
   * that knows its guests' use may overcommit, as OpenStack's `ram_allocation_ratio` does.
   */
  libvirtRamAllocationRatio: number;
  /** How long a worker holds a cloud operation before another may take it over (OPERATION_LEASE_MS). */
  operationLeaseMs: number;
  /**
   * How often each instance's idle job workers look for queued jobs (JOB_POLLING_SECONDS, at least
   * 0.5, pg-boss's minimum). A job sent by this instance wakes a worker at once; the interval is
   * what jobs sent by other instances, retries and delayed jobs wait for at most.
   */
  jobPollingSeconds: number;
  /**
   * How often an open VM console checks that its session lives and its VM still runs
   * (CONSOLE_CHECK_MS); a sign-out or a stop ends the console within this time.
   */
  consoleCheckMs: number;
  /**
   * How often the VM metrics job samples every running VM (METRIC_SAMPLE_SECONDS): 60 in
   * production, a divisor of 60 below it for browser journeys that watch a chart move. Below 60
   * each instance samples on a timer of its own (a sample of a period is written once however
   * many take it); at 60 a pg-boss schedule runs it once a minute across instances.
   */
  metricSampleSeconds: number;
  /**
   * How often the reconcile job asks the cloud how each settled VM stands (VM_RECONCILE_SECONDS,
   * 1 to 60): at 60 a pg-boss schedule once a minute across instances; below, a timer on each
   * instance (its writes are guarded, so two instances at once change a VM once).
   */
  vmReconcileSeconds: number;
  /**
   * The most a SIGTERM's graceful stop may take (SHUTDOWN_TIMEOUT_MS, default 15 s): past it the
   * process exits anyway, leaving what still runs to the leases and job retries of the others.
   */
  shutdownTimeoutMs: number;
  /**
   * How long a stopping instance keeps serving after its readiness turns 503, before it stops
   * listening (DRAIN_NOTICE_MS, default 2 s): the time a proxy needs to see it and send elsewhere.
   */
  drainNoticeMs: number;
}

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

function nodeEnv(value: string | undefined): NodeEnv {
  return value === 'production' || value === 'test' ? value : 'development';
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

function logLevel(value: string | undefined, env: NodeEnv): LogLevel {
  if (value === undefined || value === '') return env === 'test' ? 'silent' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return value as LogLevel;
}

function twoFaCodeTtl(value: string | undefined, env: NodeEnv): number {
  if (value === undefined || value === '') return TWO_FA_CODE_TTL_MS;
  if (env === 'production')
    throw new Error('TWO_FA_CODE_TTL_MS is for tests; production codes live 5 minutes');
  const ms = integer('TWO_FA_CODE_TTL_MS', value, TWO_FA_CODE_TTL_MS);
  if (ms === 0) throw new Error('TWO_FA_CODE_TTL_MS must be above 0');
  return ms;
}

function pollingSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 2;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0.5)
    throw new Error(`JOB_POLLING_SECONDS must be at least 0.5, got "${value}"`);
  return n;
}

/** One of the words a setting allows; unset or empty, the first. */
function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined || value === '') return allowed[0]!;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function consoleCheckMs(value: string | undefined): number {
  const ms = integer('CONSOLE_CHECK_MS', value, CONSOLE_CHECK_MS);
  if (ms < 50) throw new Error(`CONSOLE_CHECK_MS must be at least 50, got "${value}"`);
  return ms;
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnvValue = nodeEnv(env.NODE_ENV);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  return {
    env: nodeEnvValue,
    logLevel: logLevel(env.LOG_LEVEL, nodeEnvValue),
    port: integer('PORT', env.PORT, 3000),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(process.cwd(), nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl,
    smtpUrl: smtpUrl(env, nodeEnvValue),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Cloud Portal <no-reply@cloud.example>',
    redisUrl: nonEmpty(env.REDIS_URL),
    s3: s3Config(env),
    demoPassword: nonEmpty(env.DEMO_PASSWORD) ?? 'Demo-Portal-2026!',
    seedDemo: nodeEnvValue !== 'production' && (databaseUrl === undefined || env.SEED_DEMO === '1'),
    demoLanguage: oneOf('DEMO_LANGUAGE', env.DEMO_LANGUAGE, LANGUAGES),
    webDist: env.WEB_DIST ? path.resolve(process.cwd(), env.WEB_DIST) : path.join(API_ROOT, '../web/dist'),
    rateLimitPerMinute: integer('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 600),
    apiKeyCallsPerMinute: integer('API_KEY_CALLS_PER_MINUTE', env.API_KEY_CALLS_PER_MINUTE, 300),
    loginFailuresPerAddress: integer(
      'LOGIN_FAILURES_PER_ADDRESS',
      env.LOGIN_FAILURES_PER_ADDRESS,
      LOGIN_FAILURES_PER_ADDRESS,
    ),
    trustProxy: trustProxy(env.TRUST_PROXY),
    twoFaCodeTtlMs: twoFaCodeTtl(env.TWO_FA_CODE_TTL_MS, nodeEnvValue),
    publicUrl: (
      nonEmpty(env.PUBLIC_URL) ??
      `http://${nonEmpty(env.HOST) ?? '127.0.0.1'}:${integer('PORT', env.PORT, 3000)}`
    ).replace(/\/+$/, ''),
    opsLinkSecret: secret('OPS_LINK_SECRET', env.OPS_LINK_SECRET),
    secretsKey: secret('SECRETS_KEY', env.SECRETS_KEY),
    simulatorTimeScale: fraction(
      'SIMULATOR_TIME_SCALE',
      env.SIMULATOR_TIME_SCALE,
      nodeEnvValue === 'test' ? 0 : 1,
      1000,
    ),
    simulatorFailureRate: fraction('SIMULATOR_FAILURE_RATE', env.SIMULATOR_FAILURE_RATE, 0, 1),
    cloudDriver: oneOf('CLOUD_DRIVER', env.CLOUD_DRIVER, ['simulator', 'libvirt'] as const),
    libvirtUri: nonEmpty(env.LIBVIRT_URI) ?? 'qemu:///system',
    libvirtAccel: oneOf('LIBVIRT_ACCEL', env.LIBVIRT_ACCEL, ['auto', 'kvm', 'qemu'] as const),
    libvirtPool: nonEmpty(env.LIBVIRT_POOL) ?? 'portal',
    libvirtRamAllocationRatio: allocationRatio(env.LIBVIRT_RAM_ALLOCATION_RATIO),
    operationLeaseMs: integer('OPERATION_LEASE_MS', env.OPERATION_LEASE_MS, 30_000),
    jobPollingSeconds: pollingSeconds(env.JOB_POLLING_SECONDS),
    consoleCheckMs: consoleCheckMs(env.CONSOLE_CHECK_MS),
    metricSampleSeconds: metricSampleSeconds(env.METRIC_SAMPLE_SECONDS, nodeEnvValue),
    vmReconcileSeconds: vmReconcileSeconds(env.VM_RECONCILE_SECONDS),
    ...stopTimes(env),
  };
}

function s3Config(env: NodeJS.ProcessEnv): S3Config {
  const s3: S3Config = {
    endpoint: nonEmpty(env.S3_ENDPOINT),
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    accessKey: nonEmpty(env.S3_ACCESS_KEY),
    secretKey: nonEmpty(env.S3_SECRET_KEY),
    bucket: nonEmpty(env.S3_BUCKET) ?? 'portal',
    publicEndpoint: nonEmpty(env.S3_PUBLIC_ENDPOINT),
    embeddedPort: integer('S3_EMBEDDED_PORT', env.S3_EMBEDDED_PORT, 0),
    portalServer: flag('S3_PORTAL_SERVER', env.S3_PORTAL_SERVER),
  };
  if (s3.portalServer && !(s3.endpoint && s3.accessKey && s3.secretKey))
    throw new Error('S3_PORTAL_SERVER=1 needs S3_ENDPOINT, S3_ACCESS_KEY and S3_SECRET_KEY of that server');
  return s3;
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

/** The bound of a graceful stop, and the notice within it that the proxy gets before the listener goes. */
function stopTimes(env: NodeJS.ProcessEnv): Pick<Config, 'shutdownTimeoutMs' | 'drainNoticeMs'> {
  const shutdownTimeoutMs = integer('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 15_000);
  const drainNoticeMs = integer('DRAIN_NOTICE_MS', env.DRAIN_NOTICE_MS, 2_000);
  if (shutdownTimeoutMs < 1_000)
    throw new Error(`SHUTDOWN_TIMEOUT_MS must be at least 1000, got "${env.SHUTDOWN_TIMEOUT_MS}"`);
  if (drainNoticeMs >= shutdownTimeoutMs)
    throw new Error('DRAIN_NOTICE_MS must be shorter than SHUTDOWN_TIMEOUT_MS');
  return { shutdownTimeoutMs, drainNoticeMs };
}

function vmReconcileSeconds(value: string | undefined): number {
  const n = integer('VM_RECONCILE_SECONDS', value, 60);
  if (n < 1 || n > 60) throw new Error(`VM_RECONCILE_SECONDS must be 1 to 60, got "${value}"`);
  return n;
}

function metricSampleSeconds(value: string | undefined, env: NodeEnv): number {
  const n = integer('METRIC_SAMPLE_SECONDS', value, 60);
  if (n < 1 || 60 % n !== 0)
    throw new Error(`METRIC_SAMPLE_SECONDS must divide 60 (1, 2, 5, 10, 15, 30, 60), got "${value}"`);
  if (env === 'production' && n !== 60)
    throw new Error('METRIC_SAMPLE_SECONDS is for browser journeys; production samples each minute');
  return n;
}

/**
 * Without a mail server, mail is kept in the outbox table. That is the point on a laptop; in
 * production it means nobody gets a sign-in code or a link, so it must be asked for (MAIL_OUTBOX=1).
 */
function smtpUrl(env: NodeJS.ProcessEnv, nodeEnv: NodeEnv): string | undefined {
  const url = nonEmpty(env.SMTP_URL);
  const outbox = nonEmpty(env.MAIL_OUTBOX);
  if (outbox !== undefined && outbox !== '0' && outbox !== '1')
    throw new Error(`MAIL_OUTBOX must be 1 or 0, got "${outbox}"`);
  if (url && outbox === '1')
    throw new Error('MAIL_OUTBOX=1 keeps mail in the outbox and SMTP_URL sends it: set one of them');
  if (nodeEnv === 'production' && !url && outbox !== '1')
    throw new Error(
      'NODE_ENV=production needs SMTP_URL to send mail (sign-in codes, links); ' +
        'set MAIL_OUTBOX=1 to keep mail in the outbox table instead',
    );
  return url;
}

function secret(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return value;
}

function allocationRatio(value: string | undefined): number {
  const n = fraction('LIBVIRT_RAM_ALLOCATION_RATIO', value, 1, 16);
  if (n < 1) throw new Error(`LIBVIRT_RAM_ALLOCATION_RATIO must be a number from 1 to 16, got "${value}"`);
  return n;
}

function fraction(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max)
    throw new Error(`${name} must be a number from 0 to ${max}, got "${value}"`);
  return n;
}
