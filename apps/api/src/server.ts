import { sql } from 'drizzle-orm';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { DEMO, demoClientId, seedDemo } from './seed/demo-seed.js';
import { seedDemoEstate } from './seed/demo-estate.js';
import { migrate } from './platform/migrate.js';
import { exposureWarning } from './platform/this-machine.js';
import { sharedSettingsWarning } from './platform/shared-settings.js';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.js';
import { DEMO_STAFF_EMAIL, seedDemoStaff } from './modules/registration/demo-staff.js';
import { createSecretBox, loadSecretKey } from './platform/secret-box.js';
import { seedDemoMetrics } from './modules/metrics/demo-metrics.js';
import { seedDemoUsage } from './modules/usage/demo-usage.js';
import { seedDemoTickets } from './modules/tickets/demo-tickets.js';
import { createStorage, type Storage } from './storage/create-storage.js';

export interface RunningServer {
  app: App;
  database: Database;
  /** Where it listens, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Present when the demo tenant is seeded: how to sign in. */
  demo?: {
    clientNumber: string;
    rootEmail: string;
    iamAccount: string;
    /** The operations console's demo staff account (/#/ops/login), on the same password. */
    staffEmail: string;
    password: string;
    created: boolean;
  };
  close(): Promise<void>;
  /**
   * The graceful stop of a SIGTERM: readiness turns 503 at once and no job or operation starts
   * here; after DRAIN_NOTICE_MS it stops listening, closes consoles with their reason and lets
   * the requests in flight finish. main.ts bounds it with SHUTDOWN_TIMEOUT_MS.
   */
  drain(): Promise<void>;
}

/**
 * Open the database, bring it up to date, seed the demo tenant where configured, and listen.
 * main.ts calls this with the environment; browser tests can call it with their own config.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  let storage: Storage | undefined;
  try {
    const passwords = createPasswordHasher(config.env);
    // Opened here so the demo's buckets can be filled before the app starts; the app is handed it.
    storage = await createStorage(config);
    const opened = storage;
    // Instances starting at once (a deploy) bring the schema up to date and seed one at a time.
    const demo = await database.exclusive('portal:start', async () => {
      await migrate(database);
      return config.seedDemo ? seedTheDemo(database, config, passwords, opened) : undefined;
    });
    const app = await buildApp({
      config,
      database,
      passwords,
      storage: storage.objects,
      buckets: storage.buckets,
    });
    app.addHook('onClose', async () => opened.close());
    for (const warning of [exposureWarning(config), sharedSettingsWarning(config)])
      if (warning) app.log.warn(warning);
    const url = await app.listen({ port: config.port, host: config.host });
    return {
      app,
      database,
      url,
      demo,
      close: async () => {
        await app.close();
        await database.close();
      },
      drain: async () => {
        // The proxy's readiness check sees 503 from now on; no job or operation starts here.
        app.readiness.drain();
        const handedOver = Promise.all([app.jobs.stop(), app.operations.stop()]);
        // Requests still come while the proxy has not seen it: they are served.
        await new Promise((resolve) => setTimeout(resolve, config.drainNoticeMs));
        // Stops listening, tells the consoles why they close, lets the requests in flight finish.
        await app.close();
        await handedOver;
        await database.close();
      },
    };
  } catch (error) {
    await storage?.close();
    await database.close();
    throw error;
  }
}

/** The demo tenant, its estate, staff and tickets, made on the first start (the embedded default). */
async function seedTheDemo(
  database: Database,
  config: Config,
  passwords: PasswordHasher,
  storage: Storage,
): Promise<NonNullable<RunningServer['demo']>> {
  // Whatever the demo customer wrote is in its language (DEMO_LANGUAGE).
  const language = config.demoLanguage;
  const created = await seedDemo(database.db, passwords.hash, config.demoPassword, language);
  if (created) {
    const clientId = await demoClientId(database.db);
    // Sealed with the key the app opens them with (SECRETS_KEY, or the one in DATA_DIR).
    const secrets = createSecretBox(await loadSecretKey(config.secretsKey, config.dataDir));
    await seedDemoEstate(database.db, clientId, { secrets, buckets: storage.buckets, language });
    await seedDemoMetrics(database.db, clientId, new Date());
    // Last: the meter reads everything seeded above.
    await seedDemoUsage(database.db);
  }
  await seedDemoStaff(database.db, passwords, config.demoPassword);
  // After the staff, who answered some of them.
  if (created)
    await seedDemoTickets(database.db, await demoClientId(database.db), DEMO_STAFF_EMAIL, language);
  // PGlite starts with no statistics; without them the planner guesses badly on small tables.
  if (created && database.kind === 'pglite') await database.db.execute(sql`analyze`);
  return {
    clientNumber: DEMO.clientNumber,
    rootEmail: DEMO.rootEmail,
    iamAccount: DEMO.iamAccount,
    staffEmail: DEMO_STAFF_EMAIL,
    password: config.demoPassword,
    created,
  };
}
