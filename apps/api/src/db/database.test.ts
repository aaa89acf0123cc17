import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * The pool under more load than it answers: every connection busy, hundreds of queries queued
 * behind, transactions starting among them (a portal of 500 users on a busy machine, `npm run
 * load`). postgres.js 3.4.9 pipelines queued queries onto busy connections, up to 100 a
 * connection, and a BEGIN that was the hundredth went out without the connection being reserved
 * for its transaction (porsager/postgres#823, #1189): the transaction failed with
 * UNSAFE_TRANSACTION (a 500), and its connection went back to the pool inside a transaction open
 * on the server, where other requests' statements then ran and another BEGIN met it ("there is
 * already a transaction in progress").
 */
describe.skipIf(!serverUrl)('transactions on a saturated pool (PostgreSQL)', () => {
  it('runs each transaction on a connection of its own and leaves none open', async () => {
    const database = postgresDatabase(serverUrl!);
    if (database.kind !== 'postgres') throw new Error('a PostgreSQL database was expected');
    const { db } = database;
    // Drizzle's queries go out when awaited, a few turns later: each batch sent before the next.
    const sent = <T>(query: PromiseLike<T>) => Promise.resolve(query);
    const gone = () => new Promise((resolve) => setImmediate(resolve));
    try {
      // Every connection of the pool open, then busy for a moment.
      await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
      const busy = Array.from({ length: 10 }, () => sent(db.execute(sql`select pg_sleep(0.3)`)));
      await gone();
      // 99 queries queued behind each, then transactions whose BEGIN is each connection's hundredth.
      const queued = Array.from({ length: 990 }, () => sent(db.execute(sql`select 1`)));
      await gone();
      const transactions = Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          const [first] = await tx.execute<{ id: string }>(sql`select txid_current()::text as id`);
          const [second] = await tx.execute<{ id: string }>(sql`select txid_current()::text as id`);
          return first!.id === second!.id;
        }),
      );
      const failed = (await Promise.allSettled([...busy, ...queued, ...transactions]))
        .filter((r) => r.status === 'rejected')
        .map((r) => String((r as PromiseRejectedResult).reason));
      expect(failed).toEqual([]);
      expect(await Promise.all(transactions)).toEqual(Array(10).fill(true));
      // No connection of this client was left inside a transaction.
      const open = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where pid <> pg_backend_pid() and datname = current_database()
              and application_name = 'postgres.js' and state like 'idle in transaction%'`,
      );
      expect(open[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
  it('rolls a failed nested transaction back to its savepoint and keeps the rest', async () => {
    const database = postgresDatabase(serverUrl!);
    try {
      const kept = await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table kept (n int) on commit drop`);
        await tx.execute(sql`insert into kept values (1)`);
        await expect(
          tx.transaction(async (inner) => {
            await inner.execute(sql`insert into kept values (2)`);
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        await tx.transaction(async (inner) => inner.execute(sql`insert into kept values (3)`));
        const rows = await tx.execute(sql`select n from kept order by n`);
        return [...(rows as Iterable<{ n: number }>)].map((r) => r.n);
      });
      expect(kept).toEqual([1, 3]);
      // A failed transaction leaves nothing and hands back a usable connection.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect([...((await database.db.execute(sql`select 2 as n`)) as Iterable<{ n: number }>)]).toEqual([
        { n: 2 },
      ]);
    } finally {
      await database.close();
    }
  });
});
