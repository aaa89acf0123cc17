/**
 * `node --import tsx apps/api/src/cli/seed-load.ts --tenants 50 --users 10` (`npm run load` runs
 * it): the tenants the load script signs in to (scripts/load.mjs). Each is seeded as the demo
 * tenant is at a first start (its VMs with disks and snapshots, networks, buckets, a month of
 * metrics and usage, tickets), with a root user (two-factor on, as the demo's) and IAM users
 * (administrators, every third with two-factor on), all on DEMO_PASSWORD. Each user owns one VM
 * it may stop and start, tagged `owner=<account>`, so no two users act on the same machine.
 * Tenants already there are kept. Prints the roster as JSON on stdout. Runs on DATABASE_URL with
 * the storage and secrets key of DATA_DIR / S3_* / SECRETS_KEY, as the portal it seeds for.
 * Never for production.
 */
import { and, asc, count, eq, inArray, like, sql } from 'drizzle-orm';
import { isCompanyId, VmStatus } from '@portal/shared';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { DEMO } from '../seed/demo-seed.js';
import { seedDemoEstate } from '../seed/demo-estate.js';
import { migrate } from '../platform/migrate.js';
import { alarms, clients, orders, resourceTags, users, vms } from '../db/schema/index.js';
import { seedDemoMetrics } from '../modules/metrics/demo-metrics.js';
import { seedDemoStaff } from '../modules/registration/demo-staff.js';
import { seedDemoTickets } from '../modules/tickets/demo-tickets.js';
import { seedDemoUsage } from '../modules/usage/demo-usage.js';
import { createPasswordHasher } from '../platform/passwords.js';
import { createSecretBox, loadSecretKey } from '../platform/secret-box.js';
import { createStorage } from '../storage/create-storage.js';

/** Load tenants' client numbers: 2099 and the tenant's number (20990000001, ...). */
const PREFIX = '2099';
const clientNumberOf = (n: number) => `${PREFIX}${String(n).padStart(7, '0')}`;
const domainOf = (n: number) => `load-${String(n).padStart(4, '0')}.example.com`;
/** The IAM users' aliases: user01, user02, ... */
const aliasOf = (i: number) => `user${String(i).padStart(2, '0')}`;
/** The tag that says whose VM a machine is. */
const OWNER = 'owner';

/** A valid company tax ID for tenant n (the registration's rule; made up, and the same each run). */
function companyIdOf(n: number): string {
  const head = String(9_000_000 + n).slice(-7);
  for (let d = 0; d <= 9; d++) if (isCompanyId(`${head}${d}`) === true) return `${head}${d}`;
  throw new Error(`no check digit completes ${head}`);
}

export interface RosterUser {
  /** The sign-in body without the password, as the login page sends it. */
  login: { account: string } | { root: string; iamAccount: string };
  /** Where its two-factor codes go; null when it has none. */
  twoFaEmail: string | null;
  /** The VM it owns: it alone stops and starts it. */
  vmUuid: string;
}

export interface RosterTenant {
  clientNumber: string;
  alarms: number;
  orders: number;
  users: RosterUser[];
}

const argument = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** One load tenant: the client, its users, the demo's estate, history and tickets, then the owners. */
async function seedTenant(
  db: Db,
  n: number,
  usersPerTenant: number,
  deps: { passwordHash: string } & Parameters<typeof seedDemoEstate>[2],
) {
  const domain = domainOf(n);
  const client = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({
        clientNumber: clientNumberOf(n),
        identityType: 'COMPANY',
        identityNumber: companyIdOf(n),
        companyName: `Load Tenant ${n} Co., Ltd.`,
        contactName: `Contact ${n}`,
        contactTel: '0223456789',
        contactMobile: '0912345678',
      })
      .returning();
    const now = new Date();
    const common = { clientId: row!.id, passwordHash: deps.passwordHash, lastSetPasswordAt: now };
    await tx.insert(users).values([
      { ...common, isRoot: true, account: `root@${domain}`, email: `root@${domain}`, twoFa: true },
      ...Array.from({ length: usersPerTenant - 1 }, (_, i) => ({
        ...common,
        isRoot: false,
        account: aliasOf(i + 1),
        email: `${aliasOf(i + 1)}@${domain}`,
        roles: ['administrator'],
        twoFa: (i + 1) % 3 === 0,
      })),
    ]);
    return row!;
  });
  await seedDemoEstate(db, client.id, deps);
  await seedDemoMetrics(db, client.id, new Date());
  await seedDemoTickets(db, client.id, DEMO.staffEmail, deps.language);
  // Last, so a tenant cut short by a failure has no owners and is reported, not used.
  const machines = await db
    .select({ id: vms.id })
    .from(vms)
    .where(and(eq(vms.clientId, client.id), inArray(vms.status, [VmStatus.RUNNING, VmStatus.STOPPED])))
    .orderBy(asc(vms.name));
  const people = await db
    .select({ account: users.account })
    .from(users)
    .where(eq(users.clientId, client.id))
    .orderBy(sql`${users.isRoot} desc`, asc(users.account));
  if (machines.length < people.length)
    throw new Error(
      `a tenant has ${machines.length} VMs to stop and start, fewer than ${people.length} users`,
    );
  await db.insert(resourceTags).values(
    people.map((p, i) => ({
      clientId: client.id,
      resType: 'vms',
      resId: machines[i]!.id,
      key: OWNER,
      value: p.account,
    })),
  );
}

/** The load tenants as they stand: who signs in, with which VM, and how many alarms and orders each has. */
async function roster(db: Db, tenants: number): Promise<RosterTenant[]> {
  const rows = await db
    .select()
    .from(clients)
    .where(like(clients.clientNumber, `${PREFIX}%`))
    .orderBy(asc(clients.clientNumber))
    .limit(tenants);
  const ids = rows.map((c) => c.id);
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.clientId, ids))
    .orderBy(sql`${users.isRoot} desc`, asc(users.account));
  const owners = await db
    .select({ clientId: resourceTags.clientId, account: resourceTags.value, vmUuid: resourceTags.resId })
    .from(resourceTags)
    .where(and(inArray(resourceTags.clientId, ids), eq(resourceTags.key, OWNER)));
  const counted = async (table: typeof alarms | typeof orders) =>
    new Map(
      (
        await db
          .select({ clientId: table.clientId, n: count() })
          .from(table)
          .where(inArray(table.clientId, ids))
          .groupBy(table.clientId)
      ).map((r) => [r.clientId, r.n]),
    );
  const [alarmCounts, orderCounts] = [await counted(alarms), await counted(orders)];
  return rows.map((c) => ({
    clientNumber: c.clientNumber,
    alarms: alarmCounts.get(c.id) ?? 0,
    orders: orderCounts.get(c.id) ?? 0,
    users: people
      .filter((u) => u.clientId === c.id)
      .map((u) => {
        const vm = owners.find((o) => o.clientId === c.id && o.account === u.account);
        if (!vm)
          throw new Error(`load tenant ${c.clientNumber} is incomplete: drop the database and seed again`);
        return {
          login: u.isRoot ? { account: u.account } : { root: c.clientNumber, iamAccount: u.account },
          twoFaEmail: u.twoFa ? u.email : null,
          vmUuid: vm.vmUuid,
        };
      }),
  }));
}

const tenants = Number(argument('tenants') ?? 50);
const usersPerTenant = Number(argument('users') ?? 10);
const config = loadConfig();
if (
  config.env === 'production' ||
  !Number.isInteger(tenants) ||
  tenants < 1 ||
  tenants > 9_999 ||
  !Number.isInteger(usersPerTenant) ||
  usersPerTenant < 1
) {
  console.error('Usage: seed-load.ts --tenants <1-9999> --users <per tenant> (not in production)');
  process.exit(2);
}

const database = await openDatabase(config);
try {
  await migrate(database);
  const { db } = database;
  const [{ n: present } = { n: 0 }] = await db
    .select({ n: count() })
    .from(clients)
    .where(like(clients.clientNumber, `${PREFIX}%`));
  if (present < tenants) {
    const started = Date.now();
    const passwords = createPasswordHasher(config.env);
    const storage = await createStorage(config);
    try {
      const secrets = createSecretBox(await loadSecretKey(config.secretsKey, config.dataDir));
      const passwordHash = await passwords.hash(config.demoPassword);
      await seedDemoStaff(db, passwords, config.demoPassword);
      for (let n = present + 1; n <= tenants; n++) {
        await seedTenant(db, n, usersPerTenant, {
          passwordHash,
          secrets,
          buckets: storage.buckets,
          language: config.demoLanguage,
        });
        if (n % 10 === 0) console.error(`seeded ${n} of ${tenants} load tenants`);
      }
      // The meter reads everything seeded above; the planner learns the new rows.
      await seedDemoUsage(db);
      await db.execute(sql`analyze`);
    } finally {
      await storage.close();
    }
    console.error(
      `Seeded load tenants ${present + 1}-${tenants} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  process.stdout.write(`${JSON.stringify(await roster(db, tenants))}\n`);
} finally {
  await database.close();
}
