import type { SqlExecutor } from '../src/db/database.js';
import { LOGIN_FAILURE_QUEUE } from '../src/modules/auth/service.js';
import { RESET_LINK_QUEUE } from '../src/modules/password/service.js';
import { QUERY_LINK_QUEUE } from '../src/modules/registration/service.js';
import { JOB_SCHEMA } from '../src/platform/jobs/index.js';
import { MAIL_QUEUE } from '../src/platform/mail/mail-queue.js';
import { waitFor } from './wait-for.js';

/** The mail queue and the queues whose jobs decide whether to mail (a link asked for by address). */
export const MAIL_QUEUES = [MAIL_QUEUE, RESET_LINK_QUEUE, QUERY_LINK_QUEUE];
/** Jobs a request leaves behind: its mail, and the audit records of failed sign-ins. */
export const REQUEST_QUEUES = [...MAIL_QUEUES, LOGIN_FAILURE_QUEUE];

/** Jobs of the queues waiting, retrying or running. */
async function inFlight(sql: SqlExecutor, queues: string[]): Promise<number> {
  const { rows } = await sql.executeSql(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed'`,
    [queues],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Mail and audit records of failed sign-ins are jobs: they land a moment after the request that
 * sent them. Wait until every job of `queues` queued so far is done (or has failed for good).
 */
export async function jobsSettled(sql: SqlExecutor, queues: string[], timeoutMs = 5000): Promise<void> {
  await waitFor(
    async () => (await inFlight(sql, queues)) === 0,
    timeoutMs,
    `the queues ${queues.join(', ')} to empty`,
  );
}
