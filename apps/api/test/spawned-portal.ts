import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Db, postgresDatabase } from '../src/db/database.js';
import { clients, users, vms } from '../src/db/schema/index.js';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { createPasswordHasher } from '../src/platform/passwords.js';
import { TEST_PASSWORD } from './build.js';

/**
 * The portal as production runs it, for the tests that kill it: a process of its own on a
 * PostgreSQL database (PGlite is one process's), a customer seeded there to sign in as.
 */
const API = fileURLToPath(new URL('..', import.meta.url));

export async function seedTenant(db: ReturnType<typeof postgresDatabase>['db']) {
  const [client] = await db
    .insert(clients)
    .values({
      clientNumber: '20269999999',
      identityType: 'COMPANY',
      identityNumber: '04595257',
      companyName: 'Durable Co.',
      contactName: 'C',
      contactTel: '0223456789',
      contactMobile: '0912345678',
    })
    .returning();
  await db.insert(users).values({
    clientId: client!.id,
    isRoot: true,
    account: 'durable@example.com',
    email: 'durable@example.com',
    passwordHash: await createPasswordHasher('test').hash(TEST_PASSWORD),
  });
  return { client: client!, network: await createDefaultNetwork(db, client!.id) };
}

export const vmBody = (vpcUuid: string, name: string) => ({
  name,
  templateUUID: '6a1f0c1e-0000-4000-8000-000000000001',
  cpuCore: 2,
  ramSize: 4,
  rootDiskSize: 50,
  vpcUuid,
});

/**
 * The one key every instance of these tests seals secrets with, the processes and the in-process
 * apps alike (each would otherwise draw its own in its DATA_DIR, and the second to start on the
 * database would refuse it).
 */
export const SECRETS_KEY = 'durability-test-secrets-key-0123456789';

/**
 * The portal as a process of its own on a free port, on the test's database: started (again) with
 * `start`, killed by the test with SIGKILL. `env` adds to or overrides its settings.
 */
export function portal(databaseUrl: string, env: Record<string, string> = {}) {
  const port = 3400 + Math.floor(Math.random() * 500);
  const start = () =>
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        // A launch takes 5 to 9 seconds; a dead worker's hold on an operation lasts one second.
        SIMULATOR_TIME_SCALE: '0.2',
        OPERATION_LEASE_MS: '1000',
        SEED_DEMO: '0',
        WEB_DIST: '/nonexistent',
        SECRETS_KEY,
        ...env,
      },
      stdio: 'ignore',
    });
  const base = `http://127.0.0.1:${port}`;
  const ready = async () => {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  };
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { data: Record<string, unknown> };
  };
  /** The seeded tenant's root user signed in: the session token. */
  const signIn = async () =>
    (
      await call('POST', '/api/auth/login', undefined, {
        account: 'durable@example.com',
        password: TEST_PASSWORD,
      })
    ).data.token as string;
  return { start, ready, call, signIn };
}

/** The VM's row once it has `status`, or as it stands after `seconds` (the caller's expect says). */
export async function vmOnceIn(db: Db, id: string, status: number, seconds = 30) {
  const row = async () => (await db.select().from(vms).where(eq(vms.id, id)))[0]!;
  for (let i = 0; i < seconds * 10 && (await row()).status !== status; i++)
    await new Promise((r) => setTimeout(r, 100));
  return row();
}
