import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no environment at all: embedded database in ./data, loopback, demo tenant', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      logLevel: 'info',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      demoPassword: 'Demo-Portal-2026!',
      seedDemo: true,
      demoLanguage: 'zh-TW',
      rateLimitPerMinute: 600,
      loginFailuresPerAddress: 20,
      trustProxy: false,
      twoFaCodeTtlMs: 5 * 60 * 1000,
      jobPollingSeconds: 2,
      consoleCheckMs: 5000,
      metricSampleSeconds: 60,
      shutdownTimeoutMs: 15_000,
      drainNoticeMs: 2_000,
    });
    expect(config.s3.portalServer).toBe(false);
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every setting', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Portal <portal@example.com>',
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'http://s3:9000',
      S3_REGION: 'ap-east-1',
      S3_ACCESS_KEY: 'key',
      S3_SECRET_KEY: 'secret',
      S3_BUCKET: 'files',
      WEB_DIST: '/srv/web',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://db/portal',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Portal <portal@example.com>',
      redisUrl: 'redis://cache:6379',
      s3: {
        endpoint: 'http://s3:9000',
        region: 'ap-east-1',
        accessKey: 'key',
        secretKey: 'secret',
        bucket: 'files',
      },
      webDist: '/srv/web',
      seedDemo: false,
      trustProxy: 'loopback',
      logLevel: 'warn',
    });
  });

  it('seeds the demo tenant on PostgreSQL only when asked, and never in production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1', SEED_DEMO: '1' }).seedDemo).toBe(false);
  });

  it('lets browser tests shorten the life of sign-in codes, never production', () => {
    expect(loadConfig({ TWO_FA_CODE_TTL_MS: '1000' }).twoFaCodeTtlMs).toBe(1000);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1', TWO_FA_CODE_TTL_MS: '1000' }),
    ).toThrow(/for tests/);
    expect(() => loadConfig({ TWO_FA_CODE_TTL_MS: '0' })).toThrow(/above 0/);
  });

  it('takes a shared key for the ops document view links, and refuses a short one', () => {
    expect(loadConfig({}).opsLinkSecret).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(loadConfig({ OPS_LINK_SECRET: key }).opsLinkSecret).toBe(key);
    expect(() => loadConfig({ OPS_LINK_SECRET: 'too-short' })).toThrow(/at least 32/);
  });

  it('seeds the demo customer in Traditional Chinese unless DEMO_LANGUAGE=en', () => {
    expect(loadConfig({ DEMO_LANGUAGE: 'en' }).demoLanguage).toBe('en');
    expect(loadConfig({ DEMO_LANGUAGE: 'zh-TW' }).demoLanguage).toBe('zh-TW');
    expect(() => loadConfig({ DEMO_LANGUAGE: 'fr' })).toThrow(/DEMO_LANGUAGE must be one of zh-TW, en/);
  });

  it('takes how often job workers poll, at least every half second', () => {
    expect(loadConfig({ JOB_POLLING_SECONDS: '0.5' }).jobPollingSeconds).toBe(0.5);
    expect(() => loadConfig({ JOB_POLLING_SECONDS: '0.1' })).toThrow(/at least 0.5/);
    expect(() => loadConfig({ JOB_POLLING_SECONDS: 'often' })).toThrow(/JOB_POLLING_SECONDS/);
  });

  it('takes how often an open VM console checks its session and VM, at least every 50 ms', () => {
    expect(loadConfig({ CONSOLE_CHECK_MS: '1000' }).consoleCheckMs).toBe(1000);
    expect(() => loadConfig({ CONSOLE_CHECK_MS: '10' })).toThrow(/at least 50/);
  });

  it('samples VM metrics each minute, more often (a divisor of 60) only outside production', () => {
    expect(loadConfig({ METRIC_SAMPLE_SECONDS: '5' }).metricSampleSeconds).toBe(5);
    expect(() => loadConfig({ METRIC_SAMPLE_SECONDS: '7' })).toThrow(/divide 60/);
    expect(() => loadConfig({ METRIC_SAMPLE_SECONDS: '0' })).toThrow(/divide 60/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1', METRIC_SAMPLE_SECONDS: '5' }),
    ).toThrow(/each minute/);
  });

  it('reconciles VMs with the cloud each minute, or more often on a timer (1 to 60 seconds)', () => {
    expect(loadConfig({}).vmReconcileSeconds).toBe(60);
    expect(loadConfig({ VM_RECONCILE_SECONDS: '2' }).vmReconcileSeconds).toBe(2);
    expect(() => loadConfig({ VM_RECONCILE_SECONDS: '0' })).toThrow(/1 to 60/);
    expect(() => loadConfig({ VM_RECONCILE_SECONDS: '61' })).toThrow(/1 to 60/);
  });

  it('refuses production without a mail server unless MAIL_OUTBOX=1 keeps the outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL.*MAIL_OUTBOX=1/);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '0' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe('smtp://mail:25');
    // Development keeps the outbox without being asked.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25', MAIL_OUTBOX: '1' })).toThrow(/set one/);
    expect(() => loadConfig({ MAIL_OUTBOX: 'yes' })).toThrow(/MAIL_OUTBOX/);
  });

  it('bounds a graceful stop, with the notice to the proxy inside the bound', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000', DRAIN_NOTICE_MS: '3000' })).toMatchObject({
      shutdownTimeoutMs: 10_000,
      drainNoticeMs: 3_000,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000', DRAIN_NOTICE_MS: '5000' })).toThrow(
      /DRAIN_NOTICE_MS/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '500' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("takes the portal's shared S3 server only with its endpoint and key pair", () => {
    const shared = {
      S3_ENDPOINT: 'http://s3:9000',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
      S3_PORTAL_SERVER: '1',
    };
    expect(loadConfig(shared).s3).toMatchObject({ endpoint: 'http://s3:9000', portalServer: true });
    expect(() => loadConfig({ S3_PORTAL_SERVER: '1' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...shared, S3_PORTAL_SERVER: 'yes' })).toThrow(/S3_PORTAL_SERVER/);
  });

  it('runs on the simulator unless CLOUD_DRIVER=libvirt names libvirt, at LIBVIRT_URI', () => {
    expect(loadConfig({})).toMatchObject({ cloudDriver: 'simulator', libvirtUri: 'qemu:///system' });
    expect(loadConfig({}).libvirtPool).toBe('portal');
    expect(loadConfig({ LIBVIRT_POOL: 'tenants' }).libvirtPool).toBe('tenants');
    expect(loadConfig({}).libvirtRamAllocationRatio).toBe(1);
    expect(loadConfig({}).libvirtAccel).toBe('auto');
    expect(loadConfig({ LIBVIRT_ACCEL: 'qemu' }).libvirtAccel).toBe('qemu');
    expect(() => loadConfig({ LIBVIRT_ACCEL: 'xen' })).toThrow(
      /LIBVIRT_ACCEL must be one of auto, kvm, qemu/,
    );
    expect(loadConfig({ LIBVIRT_RAM_ALLOCATION_RATIO: '1.5' }).libvirtRamAllocationRatio).toBe(1.5);
    expect(() => loadConfig({ LIBVIRT_RAM_ALLOCATION_RATIO: '0.5' })).toThrow(/from 1 to 16/);
    expect(loadConfig({ CLOUD_DRIVER: 'libvirt', LIBVIRT_URI: 'qemu+ssh://hv1/system' })).toMatchObject({
      cloudDriver: 'libvirt',
      libvirtUri: 'qemu+ssh://hv1/system',
    });
    expect(() => loadConfig({ CLOUD_DRIVER: 'openstack' })).toThrow(
      /CLOUD_DRIVER must be one of simulator, libvirt/,
    );
  });

  it('keeps tests quiet unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('refuses settings it cannot read', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
