import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../../test/build.js';
import { waitFor } from '../../../test/wait-for.js';
import { JOB_SCHEMA } from '../jobs/index.js';
import type { Mail } from './mailer.js';
import { MAIL_JOB_OPTIONS, MAIL_QUEUE } from './mail-queue.js';

/** A mail server the test turns off and on; what it accepted, and how many tries it refused. */
const server = { up: true, slowMs: 0, refused: 0, delivered: [] as Mail[] };

let t: TestApp;
beforeAll(async () => {
  t = await build({
    mailer: {
      async send(mail) {
        if (server.slowMs) await new Promise((resolve) => setTimeout(resolve, server.slowMs));
        if (!server.up) {
          server.refused++;
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        }
        server.delivered.push(mail);
      },
    },
  });
});
afterAll(() => t.close());

/** The mail jobs to an address, oldest first, as pg-boss keeps them. */
async function mailJobs(to: string) {
  const { rows } = await t.database.sqlExecutor.executeSql(
    `SELECT id, state, retry_count, retry_limit, retry_delay, retry_backoff, data
       FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'to' = $2 ORDER BY created_on`,
    [MAIL_QUEUE, to],
  );
  return rows as {
    id: string;
    state: string;
    retry_count: number;
    retry_limit: number;
    retry_delay: number;
    retry_backoff: boolean;
    data: Record<string, string>;
  }[];
}

const signIn = async (tenant: Awaited<ReturnType<TestApp['createTenant']>>) => {
  const started = Date.now();
  const response = await t.login(t.loginBody(tenant.root, tenant.client));
  return { response, ms: Date.now() - started };
};

describe('mail through the queue', () => {
  it('answers a request alike whether or not the mail server is up, and as fast', async () => {
    server.up = true;
    const up = await signIn(await t.createTenant({ twoFa: true }));
    server.up = false;
    server.slowMs = 2000;
    const down = await signIn(await t.createTenant({ twoFa: true }));

    expect(down.response.statusCode).toBe(up.response.statusCode);
    expect(down.response.statusCode).toBe(200);
    const shape = (r: typeof up.response) =>
      Object.keys(body<{ data: Record<string, unknown> }>(r).data).sort();
    expect(shape(down.response)).toEqual(shape(up.response));
    // The slow, failing server is the job's business, not the request's.
    expect(down.ms).toBeLessThan(server.slowMs);
    server.slowMs = 0;
  });

  it('retries a mail the server refused, with backoff, and delivers it when the server is back', async () => {
    server.up = false;
    const tenant = await t.createTenant({ twoFa: true });
    const to = tenant.root.account;
    const refusedBefore = server.refused;
    const login = await t.login(t.loginBody(tenant.root, tenant.client));
    expect(login.statusCode).toBe(200);
    const { challenge } = body<{ data: { challenge: string } }>(login).data;

    await waitFor(async () => (await mailJobs(to))[0]?.state === 'retry', 5000, 'the first failure');
    expect(server.refused).toBeGreaterThan(refusedBefore);
    const [job] = await mailJobs(to);
    expect(job).toMatchObject({
      retry_count: 0,
      retry_limit: MAIL_JOB_OPTIONS.retryLimit,
      retry_delay: MAIL_JOB_OPTIONS.retryDelay,
      retry_backoff: true,
    });
    expect(server.delivered.some((m) => m.to === to)).toBe(false);

    // The server is back; rather than wait out the backoff, the retry is brought forward.
    server.up = true;
    await t.database.sqlExecutor.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE id = $1`,
      [job!.id],
    );
    await waitFor(() => server.delivered.some((m) => m.to === to), 5000, 'the retried mail');
    await waitFor(async () => (await mailJobs(to))[0]?.state === 'completed', 5000, 'the job to complete');

    const mail = server.delivered.find((m) => m.to === to)!;
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    const verify = await t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code: code } });
    expect(verify.statusCode).toBe(200);

    // Delivered: the job row keeps who and what, not the code.
    const [done] = await mailJobs(to);
    expect(done!.retry_count).toBe(1);
    expect(Object.keys(done!.data).sort()).toEqual(['lang', 'subject', 'to']);
  });
});
