import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { outbox } from '../../db/schema/index.js';
import { freshDatabase } from '../../../test/fresh-database.js';
import { waitFor } from '../../../test/wait-for.js';
import { createJobs, JOB_SCHEMA, type Jobs } from './jobs.js';

/** A logger that drops everything (Fastify's own when logging is off). */
const silent = Fastify({ logger: false }).log;

let database: Database;
let jobs: Jobs;
beforeAll(async () => {
  database = await freshDatabase();
  jobs = await createJobs({ database, log: silent, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

/** A job row as pg-boss keeps it, or undefined. */
async function jobRow(id: string) {
  const { rows } = await database.sqlExecutor.executeSql(
    `SELECT state, retry_count, retry_limit, retry_delay, retry_backoff, start_after, singleton_key
       FROM ${JOB_SCHEMA}.job WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Rows of a queue, counted. */
async function jobCount(queue: string) {
  const { rows } = await database.sqlExecutor.executeSql(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1`,
    [queue],
  );
  return Number(rows[0]!.n);
}

describe('jobs on the app database', () => {
  it('runs a sent job with its data, id and retry count', async () => {
    const seen: { data: { n: number }; job: { id: string; retryCount: number } }[] = [];
    await jobs.work<{ n: number }>('test.plain', async (data, job) => void seen.push({ data, job }));
    const id = await jobs.send('test.plain', { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toEqual({ data: { n: 1 }, job: { id, retryCount: 0 } });
    await waitFor(async () => (await jobRow(id!))?.state === 'completed');
  });

  it('writes a job sent in a transaction only when the transaction commits', async () => {
    const ran: string[] = [];
    await jobs.work<{ tag: string }>('test.tx', async ({ tag }) => void ran.push(tag));

    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .insert(outbox)
          .values({ to: 'a@example.com', subject: 's', text: 't', html: 'h', lang: 'en' });
        await jobs.send('test.tx', { tag: 'rolled back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committed = await database.db.transaction(async (tx) => {
      await tx.insert(outbox).values({ to: 'b@example.com', subject: 's', text: 't', html: 'h', lang: 'en' });
      return jobs.send('test.tx', { tag: 'committed' }, { tx });
    });

    await waitFor(() => ran.length === 1);
    expect(ran).toEqual(['committed']);
    expect(await jobRow(committed!)).toBeDefined();
    expect(await jobCount('test.tx')).toBe(1);
  });

  it('keeps pg-boss parameters positional inside a transaction (start after, in seconds or a date)', async () => {
    const { rows } = await database.sqlExecutor.executeSql('SELECT now() AS now');
    const now = new Date(rows[0]!.now as string | Date).getTime();
    const inSeconds = await database.db.transaction((tx) =>
      jobs.send(
        'test.later',
        { n: 1 },
        { tx, startAfter: 3600, retryLimit: 5, retryDelay: 7, retryBackoff: true },
      ),
    );
    const at = new Date(now + 2 * 3600_000);
    const atDate = await database.db.transaction((tx) =>
      jobs.send('test.later', { n: 2 }, { tx, startAfter: at }),
    );

    const first = await jobRow(inSeconds!);
    expect(new Date(first!.start_after as string).getTime() - now).toBeGreaterThan(3590_000);
    expect(first).toMatchObject({ state: 'created', retry_limit: 5, retry_delay: 7, retry_backoff: true });
    expect(new Date((await jobRow(atDate!))!.start_after as string).getTime()).toBe(at.getTime());
  });

  it('retries a failed job per its retry options', async () => {
    const tries: number[] = [];
    await jobs.work<object>('test.retry', async (_data, job) => {
      tries.push(job.retryCount);
      if (job.retryCount < 2) throw new Error('not yet');
    });
    const id = await jobs.send('test.retry', {}, { retryLimit: 3, retryDelay: 0 });
    await waitFor(async () => (await jobRow(id!))?.state === 'completed', 10_000);
    expect(tries).toEqual([0, 1, 2]);
  });

  it('sends one job per singleton key while one is queued, with or without a transaction', async () => {
    const later = { startAfter: 3600, singletonKey: 'vm-1' };
    const first = await jobs.send('test.single', { n: 1 }, later);
    expect(first).not.toBeNull();
    expect(await jobs.send('test.single', { n: 2 }, later)).toBeNull();
    expect(
      await database.db.transaction((tx) => jobs.send('test.single', { n: 3 }, { ...later, tx })),
    ).toBeNull();
    expect(await jobs.send('test.single', { n: 4 }, { ...later, singletonKey: 'vm-2' })).not.toBeNull();
    expect((await jobRow(first!))?.singleton_key).toBe('vm-1');
  });

  it('records a schedule, and its handler runs for jobs of its queue', async () => {
    let runs = 0;
    await jobs.schedule('test.cron', '*/10 * * * *', async () => void runs++);
    const { rows } = await database.sqlExecutor.executeSql(
      `SELECT cron FROM ${JOB_SCHEMA}.schedule WHERE name = $1`,
      ['test.cron'],
    );
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
    await jobs.send('test.cron', {});
    await waitFor(() => runs === 1);
  });

  it('works through a backlog at once, not one job per worker per polling interval', async () => {
    // Two seconds between polls, as the server's default: twenty jobs waiting for one worker took
    // forty seconds when the worker waited an interval after each (two-factor codes queued behind
    // a burst of sign-ins arrived half a minute late).
    const slow = await createJobs({ database, log: silent, pollingIntervalSeconds: 2, schedules: false });
    try {
      for (let n = 0; n < 20; n++) await slow.send('test.backlog', { n });
      const done: number[] = [];
      const started = Date.now();
      await slow.work<{ n: number }>('test.backlog', async ({ n }) => void done.push(n), { concurrency: 1 });
      await waitFor(() => done.length === 20, 10_000);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await slow.stop();
    }
  });

  it('runs handlers of one queue side by side, up to the concurrency', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await jobs.work<{ n: number }>(
      'test.concurrent',
      async ({ n }) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 300));
        running--;
        done.push(n);
      },
      { concurrency: 2 },
    );
    await Promise.all([1, 2, 3].map((n) => jobs.send('test.concurrent', { n })));
    await waitFor(() => done.length === 3, 10_000);
    expect(most).toBe(2);
  });

  it('answers health checks while idle workers poll (they use the same client)', async () => {
    expect(await database.db.execute(sql`select 1 as one`)).toBeDefined();
  });
});

describe('stop', () => {
  it('waits for a running handler to finish', async () => {
    const db = await freshDatabase();
    const own = await createJobs({ database: db, log: silent, pollingIntervalSeconds: 0.5 });
    let finished = false;
    let started = false;
    await own.work('test.slow', async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 700));
      finished = true;
    });
    await own.send('test.slow', {});
    await waitFor(() => started);
    await own.stop();
    expect(finished).toBe(true);
    await db.close();
  });
});
