import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LoginBody } from '@portal/shared';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import {
  clients,
  firewalls,
  users,
  type ClientRow,
  type StaffRow,
  type UserRow,
} from '../src/db/schema/index.js';
import { METRICS_SAMPLE_QUEUE } from '../src/modules/metrics/sampler.js';
import { createStaff as insertStaff } from '../src/modules/registration/staff-accounts.js';
import { listOutbox } from '../src/platform/mail/outbox.js';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { freshDatabase } from './fresh-database.js';
import { newCompanyId } from './identity-numbers.js';
import { jobsSettled, MAIL_QUEUES, REQUEST_QUEUES } from './jobs-settled.js';
import { libvirtTestConfig, ON_LIBVIRT, removeTestCloud } from './libvirt-cloud.js';
import { TestClock } from './test-clock.js';

/** The password every fixture user gets unless a test says otherwise. */
export const TEST_PASSWORD = 'Test-Passw0rd-2026!';

export interface BuildOverrides extends Partial<Omit<AppDeps, 'config' | 'database' | 'clock'>> {
  config?: Partial<Config>;
}

export interface Tenant {
  client: ClientRow;
  root: UserRow;
}

/** A customer whose root user is signed in (`token`). */
export interface SignedIn extends Tenant {
  token: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's address, for tests of per-address limits. */
  ip?: string;
}

const passwords = createPasswordHasher('test');
const passwordHashes = new Map<string, Promise<string>>();
// Hashing is the slow part of making users; the same password need not be hashed twice.
const hashOf = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = passwords.hash(password)));
  return hash;
};

/** An 11-digit client number no other test will pick. */
const newClientNumber = () => String(randomInt(10_000_000_000, 99_999_999_999));

/**
 * The API on a fresh database, with a clock the test moves, the outbox to read mail from, and
 * helpers that make tenants and users and sign them in.
 */
export async function build(overrides: BuildOverrides = {}) {
  const database = await freshDatabase();
  const db: Db = database.db;
  const clock = new TestClock();
  const { config: configOverrides, ...deps } = overrides;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    // No built web app unless a test brings one.
    webDist: '/nonexistent/web-dist',
    // The embedded object store keeps its files here, never in the checkout's ./data.
    dataDir: await mkdtemp(path.join(os.tmpdir(), 'portal-test-')),
    // Jobs sent by the app start at once; retries and other waits come at the shortest poll.
    jobPollingSeconds: 0.5,
    ...configOverrides,
  };
  if (ON_LIBVIRT && !configOverrides?.cloudDriver) Object.assign(config, libvirtTestConfig(config.dataDir));
  // No schedule fires on the wall clock: a test runs scheduled work itself, at the clock's time it set.
  const app = await buildApp({ config, database, clock, passwords, schedules: false, ...deps });
  await app.ready();
  // The app samples the metrics once at start: done before the test seeds anything, it finds nothing.
  await jobsSettled(database.sqlExecutor, [METRICS_SAMPLE_QUEUE]);

  const request = (method: InjectOptions['method'], url: string, options: RequestOptions = {}) =>
    app.inject({
      method,
      url,
      payload: options.body as InjectOptions['payload'],
      remoteAddress: options.ip,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });

  /** Mail kept in the outbox, read once every mail queued so far is delivered. */
  const outbox = {
    /** Until the mail queue is empty: the mail of the requests made so far is all in. */
    settled: () => jobsSettled(database.sqlExecutor, MAIL_QUEUES),
    async list(to?: string) {
      await outbox.settled();
      return listOutbox(db, to);
    },
    async last(to: string) {
      await outbox.settled();
      const [mail] = await listOutbox(db, to, 1);
      if (!mail) throw new Error(`No mail to ${to}`);
      return mail;
    },
    /** The six-digit code of the newest mail to `to`. */
    async code(to: string) {
      const code = /\b(\d{6})\b/.exec((await outbox.last(to)).text)?.[1];
      if (!code) throw new Error(`No code in the last mail to ${to}`);
      return code;
    },
  };

  async function createTenant(options: { twoFa?: boolean; password?: string } = {}): Promise<Tenant> {
    const clientNumber = newClientNumber();
    const [client] = await db
      .insert(clients)
      .values({
        clientNumber,
        identityType: 'COMPANY',
        identityNumber: newCompanyId(),
        companyName: `Company ${clientNumber}`,
        contactName: 'Contact',
        contactTel: '0223456789',
        contactMobile: '0912345678',
      })
      .returning();
    const email = `root-${clientNumber}@example.com`;
    const [root] = await db
      .insert(users)
      .values({
        clientId: client!.id,
        isRoot: true,
        account: email,
        email,
        passwordHash: await hashOf(options.password ?? TEST_PASSWORD),
        twoFa: options.twoFa ?? false,
      })
      .returning();
    return { client: client!, root: root! };
  }

  async function createIam(
    client: ClientRow,
    options: {
      account?: string;
      roles?: string[];
      email?: string | null;
      twoFa?: boolean;
      locked?: boolean;
      password?: string;
    } = {},
  ): Promise<UserRow> {
    const [user] = await db
      .insert(users)
      .values({
        clientId: client.id,
        isRoot: false,
        account: options.account ?? `iam_${randomInt(1_000_000)}`,
        email: options.email === undefined ? `iam-${randomInt(1_000_000)}@example.com` : options.email,
        passwordHash: await hashOf(options.password ?? TEST_PASSWORD),
        roles: options.roles ?? ['readOnly'],
        twoFa: options.twoFa ?? false,
        isLocked: options.locked ?? false,
      })
      .returning();
    return user!;
  }

  /** The sign-in body of a fixture user. */
  function loginBody(user: UserRow, client: ClientRow, password = TEST_PASSWORD): LoginBody {
    return user.isRoot
      ? { account: user.account, password }
      : { root: client.clientNumber, iamAccount: user.account, password };
  }

  const login = (body: LoginBody, options: Omit<RequestOptions, 'body'> = {}) =>
    request('POST', '/api/auth/login', { ...options, body });

  /** Sign in a user without two-factor and return the session token. */
  async function signIn(user: UserRow, client: ClientRow, password = TEST_PASSWORD): Promise<string> {
    const response = await login(loginBody(user, client, password));
    const token = (response.json() as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
    return token;
  }

  /** A member of the provider's staff (password TEST_PASSWORD), who signs in to the operations console. */
  async function createStaff(email = `staff-${randomInt(1_000_000_000)}@ops.example`): Promise<StaffRow> {
    const row = await insertStaff(db, passwords, email, TEST_PASSWORD);
    if (!row) throw new Error(`Staff ${email} exists`);
    return row;
  }

  /** A new customer whose root user is signed in: its client, root and session token. */
  async function signedInTenant(options: { password?: string } = {}): Promise<SignedIn> {
    const tenant = await createTenant(options);
    return { ...tenant, token: await signIn(tenant.root, tenant.client, options.password) };
  }

  /** Sign a staff member in to the operations console and return the session token. */
  async function signInStaff(member: StaffRow): Promise<string> {
    const response = await request('POST', '/api/ops/login', {
      body: { email: member.email, password: TEST_PASSWORD },
    });
    const token = (response.json() as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`Staff sign-in failed: ${response.statusCode} ${response.body}`);
    return token;
  }

  const setLocked = (user: UserRow, isLocked: boolean) =>
    db.update(users).set({ isLocked }).where(eq(users.id, user.id));

  /** Until the jobs requests leave behind (mail, audit records of failed sign-ins) are done. */
  const settled = () => jobsSettled(database.sqlExecutor, REQUEST_QUEUES);

  return {
    app,
    /** The database with its raw client (for looking into the job queue). */
    database,
    db,
    clock,
    config,
    outbox,
    settled,
    request,
    createTenant,
    createIam,
    loginBody,
    login,
    signIn,
    signedInTenant,
    createStaff,
    signInStaff,
    setLocked,
    close: async () => {
      await app.close();
      const firewallIds = ON_LIBVIRT
        ? (await db.select({ id: firewalls.id }).from(firewalls)).map((f) => f.id)
        : [];
      await database.close();
      await removeTestCloud(config, firewallIds);
      if (config.dataDir.startsWith(os.tmpdir())) await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof build>>;

/** The API on a fresh database and a customer whose root user is signed in: where most suites start. */
export async function buildSignedIn(overrides: BuildOverrides = {}) {
  const t = await build(overrides);
  const tenant = await t.signedInTenant();
  return { t, tenant, token: tenant.token };
}

/** The parsed body of an answer, typed for the test's convenience. */
export const body = <T = { data?: unknown; msg?: string; errors?: { path: string; message: string }[] }>(
  response: LightMyRequestResponse,
) => response.json() as T;

/** An answer of the test app. */
export type Response = LightMyRequestResponse;

/** The data of an answer that must be 200: any other status fails the test, showing the answer. */
export const ok = <T>(response: Response) => {
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: T }>(response).data;
};
