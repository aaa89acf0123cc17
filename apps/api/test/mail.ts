import type { SqlExecutor } from '../src/db/database.js';
import { JOB_SCHEMA } from '../src/platform/jobs/index.js';
import { MAIL_QUEUE } from '../src/platform/mail/mail-queue.js';
import { waitFor } from './wait-for.js';

/** Mail jobs waiting, retrying or running. */
async function mailInFlight(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.executeSql(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state < 'completed'`,
    [MAIL_QUEUE],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Mail is a job: it reaches the outbox (or the SMTP server) a moment after the request that sent
 * it. Wait until every mail queued so far is delivered (or has failed for good).
 */
export async function mailSettled(sql: SqlExecutor, timeoutMs = 5000): Promise<void> {
  await waitFor(async () => (await mailInFlight(sql)) === 0, timeoutMs, 'the mail queue to empty');
}
