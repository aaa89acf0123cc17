import { sql } from 'drizzle-orm';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { DEMO, demoClientId, seedDemo } from './seed/demo-seed.js';
import { migrate } from './platform/migrate.js';
import { MODULES } from './modules/index.js';
import { seedDemoModules } from './platform/modules/demo-seeds.js';
import { exposureWarning } from './platform/this-machine.js';
import { sharedSettingsWarning } from './platform/shared-settings.js';
import { createPasswordHasher, type PasswordHasher } from './platform/passwords.js';
import { createSecretBox, loadSecretKey } from './platform/secret-box.js';
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

/**
 * The demo tenant (the embedded default), then every module's demo data in the order of their
 * needs (modules/index.ts): all of it on the first start, which creates the tenant; on a later
 * start only what each start makes sure of (the staff account).
 */
async function seedTheDemo(
  database: Database,
  config: Config,
  passwords: PasswordHasher,
  storage: Storage,
): Promise<NonNullable<RunningServer['demo']>> {
  // Whatever the demo customer wrote is in its language (DEMO_LANGUAGE).
  const language = config.demoLanguage;
  const created = await seedDemo(database.db, passwords.hash, config.demoPassword, language);
  // Sealed with the key the app opens them with (SECRETS_KEY, or the one in DATA_DIR).
  const secrets = createSecretBox(await loadSecretKey(config.secretsKey, config.dataDir));
  const ctx = {
    db: database.db,
    clientId: await demoClientId(database.db),
    language,
    secrets,
    buckets: storage.buckets,
    passwords,
    password: config.demoPassword,
    cloudDriver: config.cloudDriver,
  };
  await seedDemoModules(MODULES, ctx, created);
  // PGlite starts with no statistics; without them the planner guesses badly on small tables.
  if (created && database.kind === 'pglite') await database.db.execute(sql`analyze`);
  return {
    clientNumber: DEMO.clientNumber,
    rootEmail: DEMO.rootEmail,
    iamAccount: DEMO.iamAccount,
    staffEmail: DEMO.staffEmail,
    password: config.demoPassword,
    created,
  };
}
