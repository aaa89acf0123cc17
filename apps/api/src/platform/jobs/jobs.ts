import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, SqlExecutor } from '../../db/database.js';
import { isDeadlock } from '../errors.js';
import { transactionExecutor } from './transaction-executor.js';

/** pg-boss's tables live in this schema of the app's own database. */
export const JOB_SCHEMA = 'pgboss';

/** Handlers of one queue that may run at once on one instance, unless work() says otherwise. */
const DEFAULT_CONCURRENCY = 4;
/** pg-boss's own default; its minimum is 0.5 (tests use that). */
const DEFAULT_POLLING_SECONDS = 2;
/** How long stop() lets running handlers finish before pg-boss fails them (they are retried). */
const DEFAULT_STOP_TIMEOUT_MS = 30_000;
/** Tries at making a queue that PostgreSQL gives up in a deadlock (see createQueue). */
const QUEUE_CREATE_ATTEMPTS = 5;

export interface JobOptions {
  /** Not before this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** Tries after the first failure (pg-boss's default is 2). */
  retryLimit?: number;
  /** Seconds before a retry; with retryBackoff the wait doubles each time, with some jitter. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * At most one job with this key waiting, retrying or running in the queue: a send while there is
   * one returns null. (pg-boss 10 ignores a key on a standard queue unless it throttles, so this
   * module checks it, under an advisory lock, in the transaction of the send.)
   */
  singletonKey?: string;
  /** A handler still running after this long fails its job, which is then retried; default 15 minutes. */
  expireInSeconds?: number;
}

export interface Jobs {
  /**
   * Enqueue a job. With `tx` (a Drizzle transaction handed to db.transaction's callback) the job
   * row is written inside that transaction, so it exists only if the transaction commits.
   *
   * Inside a transaction always pass `tx`: on PGlite (one connection) a plain send from within a
   * transaction callback waits for the transaction to end, which waits for the send: a deadlock.
   * Resolves to the job id, or null when `singletonKey` found a job already queued.
   */
  send(queue: string, data: object, options?: JobOptions & { tx?: Db }): Promise<string | null>;
  /**
   * Handle a queue's jobs on this instance; `concurrency` handlers may run at once (default 4).
   * Creates the queue if needed. A thrown error fails the job and pg-boss retries it per the job's
   * retry options.
   */
  work<T extends object>(
    queue: string,
    handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>,
    options?: { concurrency?: number; pollingIntervalSeconds?: number },
  ): Promise<void>;
  /** Run `handler` on a cron (pg-boss schedule: once per tick across all instances sharing the database). */
  schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Stop polling and wait for running handlers (graceful), used by app.close(). */
  stop(): Promise<void>;
}

export interface JobsDeps {
  /**
   * The app's database: its client runs pg-boss's statements (no driver or pool of its own), and
   * its Drizzle opens the transaction of a keyed send.
   */
  database: { kind: 'pglite' | 'postgres'; db: Db; sqlExecutor: SqlExecutor };
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs; default 2 seconds, at least 0.5. */
  pollingIntervalSeconds?: number;
  /**
   * Whether this instance fires the schedules (pg-boss's cron, on the wall clock); default true.
   * Off, `schedule` still records each one and works its queue: a job sent there runs.
   */
  schedules?: boolean;
  /**
   * How long stop() lets running handlers finish before pg-boss fails them, to be retried by
   * another instance; default 30 seconds. A graceful stop of the server gives less (server.ts).
   */
  stopTimeoutMs?: number;
}

/**
 * pg-boss's schema, created or brought to this pg-boss's version. Run with the migrations, so that
 * a database gets it once (and the tests' template carries it) rather than at every start.
 */
export async function installJobSchema(executor: SqlExecutor): Promise<void> {
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

/**
 * Remove fields from a job's data once they are no longer needed (a delivered mail's text holds a
 * live sign-in code or link, which the job table would otherwise keep until pg-boss deletes it).
 */
export async function forgetJobData(executor: SqlExecutor, queue: string, id: string, fields: string[]) {
  await executor.executeSql(
    `UPDATE ${JOB_SCHEMA}.job SET data = data - $3::text[] WHERE name = $1 AND id = $2`,
    [queue, id, fields],
  );
}

/** pg-boss's queue, made in the transaction of `sql` (nothing when it is there), one at a time across instances. */
async function makeQueue(sql: SqlExecutor, queue: string) {
  await sql.executeSql('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${JOB_SCHEMA}:queues`]);
  await sql.executeSql(`SELECT ${JOB_SCHEMA}.create_queue($1, $2)`, [queue, { policy: 'standard' }]);
}

/** A promise that settles with `promise` and never rejects, for waiting on work that may fail. */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );

/** Add a promise to a set while it runs. */
function track(set: Set<Promise<void>>, promise: Promise<unknown>) {
  const done = settled(promise);
  set.add(done);
  void done.then(() => set.delete(done));
}

/** The job queue on the app's database, started: workers may be added, jobs sent. */
export async function createJobs(deps: JobsDeps): Promise<Jobs> {
  const { database, log } = deps;
  const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;

  // pg-boss's statements outside callers' transactions and the handlers running, so that stop()
  // returns only when nothing of the queue still uses the database.
  const statements = new Set<Promise<void>>();
  const handlers = new Set<Promise<void>>();
  const executor: SqlExecutor = {
    executeSql(text, values) {
      const result = database.sqlExecutor.executeSql(text, values);
      track(statements, result);
      return result;
    },
  };

  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    pollingIntervalSeconds,
    schedule: deps.schedules ?? true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const queues = new Set<string>();
  async function ensureQueue(queue: string) {
    if (queues.has(queue)) return;
    await createQueue(queue);
    queues.add(queue);
  }

  // A new queue is a partition of pg-boss's job table. Instances starting together make the same
  // queues at once, and two such changes (or one and another instance's fetch) can deadlock: they
  // take turns across instances, and one PostgreSQL gave up is made again.
  async function createQueue(queue: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await database.db.transaction((t) => makeQueue(transactionExecutor(t), queue));
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS || !isDeadlock(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  // This instance's workers per queue. A send wakes an idle one, so a job sent here starts at
  // once instead of at the next poll. A job sent in a transaction too on PGlite, where the
  // worker's fetch waits for the one connection and so runs after the commit; on PostgreSQL the
  // fetch would run before the commit, find nothing and sleep a whole interval, so that job is
  // left to the next poll.
  const workers = new Map<string, { id?: string; busy: boolean }[]>();
  function wake(queue: string) {
    const idle = workers.get(queue)?.find((worker) => !worker.busy && worker.id);
    if (idle?.id) boss.notifyWorker(idle.id);
  }

  async function insert(queue: string, data: object, options: JobOptions, sql: SqlExecutor) {
    const key = options.singletonKey;
    if (key !== undefined) {
      // Held to the end of the transaction: two sends of one key take turns.
      await sql.executeSql('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${queue}:${key}`]);
      const { rows } = await sql.executeSql(
        `SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
        [queue, key],
      );
      if (rows.length > 0) return null;
    }
    return boss.send(queue, data, { ...options, db: sql });
  }

  const jobs: Jobs = {
    async send(queue, data, options = {}) {
      const { tx, ...jobOptions } = options;
      let id: string | null;
      if (tx) {
        const sql = transactionExecutor(tx);
        // pg-boss drops a job for a queue that does not exist. Created in the caller's
        // transaction (only the first time: it does nothing once the queue is there).
        if (!queues.has(queue)) await makeQueue(sql, queue);
        id = await insert(queue, data, jobOptions, sql);
      } else {
        await ensureQueue(queue);
        id =
          jobOptions.singletonKey === undefined
            ? await insert(queue, data, jobOptions, executor)
            : await database.db.transaction((t) => insert(queue, data, jobOptions, transactionExecutor(t)));
      }
      if (id && (!tx || database.kind === 'pglite')) wake(queue);
      return id;
    },

    async work<T extends object>(
      queue: string,
      handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>,
      options: { concurrency?: number; pollingIntervalSeconds?: number } = {},
    ) {
      await ensureQueue(queue);
      const own = workers.get(queue) ?? [];
      workers.set(queue, own);
      // pg-boss 10 runs one batch per worker at a time: one worker per handler that may run at
      // once, each fetching one job, so a slow job holds up no other.
      for (let i = 0; i < (options.concurrency ?? DEFAULT_CONCURRENCY); i++) {
        const worker: { id?: string; busy: boolean } = { busy: false };
        own.push(worker);
        worker.id = await boss.work<T>(
          queue,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingIntervalSeconds,
          },
          async ([job]) => {
            if (!job) return;
            worker.busy = true;
            const run = handler(job.data, { id: job.id, retryCount: job.retryCount });
            track(handlers, run);
            try {
              await run;
            } catch (error) {
              log.warn(
                { err: error, queue, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
                'job failed',
              );
              throw error;
            } finally {
              worker.busy = false;
              // A worker that found a job looks for the next at once: pg-boss would otherwise wait
              // its polling interval after each job, holding a backlog (a burst of sign-in codes)
              // to one job per worker per interval. An idle worker still waits the interval
              // (decision 0029).
              if (worker.id) boss.notifyWorker(worker.id);
            }
          },
        );
      }
    },

    async schedule(queue, cron, handler) {
      await ensureQueue(queue);
      await boss.schedule(queue, cron);
      await jobs.work(queue, () => handler(), { concurrency: 1 });
    },

    stop: (() => {
      let stopping: Promise<void> | undefined;
      return () =>
        (stopping ??= (async () => {
          await boss.stop({ graceful: true, timeout: deps.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS });
          // pg-boss marks a finished job complete without waiting for it, and a worker told to
          // stop mid-fetch may still start a job: wait until nothing is left, across a turn of
          // the event loop so that work begun in the last callbacks is seen too.
          do {
            await Promise.all([...statements, ...handlers]);
            await new Promise((resolve) => setImmediate(resolve));
          } while (statements.size > 0 || handlers.size > 0);
        })());
    })(),
  };
  return jobs;
}
