import type { SqlExecutor } from '../src/db/database.js';
import { JOB_SCHEMA } from '../src/platform/jobs/index.js';
import { MAIL_QUEUE } from '../src/platform/mail/mail-queue.js';
import { RESET_LINK_QUEUE } from '../src/modules/password/service.js';
import { QUERY_LINK_QUEUE } from '../src/modules/registration/service.js';

/** The mail queue and the queues whose jobs decide whether to mail (a link asked for by address). */
const MAIL_QUEUES = [MAIL_QUEUE, RESET_LINK_QUEUE, QUERY_LINK_QUEUE];
import { waitFor } from './wait-for.js';

/** Mail jobs, and jobs that may queue one, waiting, retrying or running. */
async function mailInFlight(sql: SqlExecutor): Promise<number> {
  const { rows } = await sql.executeSql(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed'`,
    [MAIL_QUEUES],
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
