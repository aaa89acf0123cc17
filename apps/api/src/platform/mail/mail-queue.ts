import type { FastifyBaseLogger } from 'fastify';
import type { Db, SqlExecutor } from '../../db/database.js';
import { forgetJobData, type JobOptions, type Jobs } from '../jobs/index.js';
import type { Mail, Mailer } from './mailer.js';

export const MAIL_QUEUE = 'mail.send';

/**
 * Five more tries after the first, 10-20 seconds later, then 20-40, ... up to 160-320: some ten
 * minutes in all, long enough for a mail server to come back, short enough for a sign-in code to
 * still be alive when it arrives.
 */
export const MAIL_JOB_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true } satisfies JobOptions;

/** Mail as the services send it: queued, and delivered by a job (retried while the server fails). */
export interface MailQueue {
  /**
   * Queue a mail. Pass the request's transaction as `tx` when there is one: the mail then goes
   * only if the change it tells of is committed.
   */
  send(mail: Mail, options?: { tx?: Db }): Promise<void>;
}

export interface MailQueueDeps {
  jobs: Jobs;
  /** Delivers: SMTP, or the outbox when there is no mail server. */
  mailer: Mailer;
  /** For removing a delivered mail's body from its job row. */
  sqlExecutor: SqlExecutor;
  log: FastifyBaseLogger;
}

/**
 * The mail queue, with this instance's workers for it. A request answers the same whether or not
 * the mail server is up: sending is a job, and a failed delivery is retried.
 */
export async function createMailQueue(deps: MailQueueDeps): Promise<MailQueue> {
  const { jobs, mailer, sqlExecutor, log } = deps;
  await jobs.work<Mail>(MAIL_QUEUE, async (mail, job) => {
    // Delivered before, and the process stopped before the job was marked done.
    if (mail.text === undefined) return;
    await mailer.send(mail);
    // The body holds codes and links that work; who and what stays for the record.
    await forgetJobData(sqlExecutor, MAIL_QUEUE, job.id, ['text', 'html']).catch((error: unknown) =>
      log.warn({ err: error, jobId: job.id }, 'could not clear a delivered mail from its job'),
    );
  });
  return {
    async send(mail, options = {}) {
      await jobs.send(MAIL_QUEUE, mail, { ...MAIL_JOB_OPTIONS, tx: options.tx });
    },
  };
}
