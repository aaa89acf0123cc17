import { afterAll, beforeAll, expect, it } from 'vitest';
import { VmStatus } from '@portal/shared';
import { ALARM_MAILS_QUEUE } from '../src/modules/alarms/alarm-evaluator.js';
import { METRICS_SAMPLE_QUEUE } from '../src/modules/metrics/sampler.js';
import { body, build, type TestApp } from './build.js';
import { seedVms } from './fleet.js';
import { jobsSettled } from './jobs-settled.js';

/**
 * The app as wired in app.ts: the metrics sampler's job, run as its schedule runs it, tells the
 * alarm evaluator of the minute it wrote, and an alarm whose condition every reading meets goes
 * off and mails. (The sampler and the evaluator are each tested in their modules.)
 */
let t: TestApp;
afterAll(() => t.close());
beforeAll(async () => {
  t = await build();
});

it('a sampled minute sets off a metric alarm that every reading breaches, and mails it', async () => {
  const tenant = await t.createTenant();
  const token = await t.signIn(tenant.root, tenant.client);
  const [vmId] = await seedVms(t, tenant, [VmStatus.RUNNING], new Date(Date.now() - 86_400_000));
  const created = await t.request('POST', '/api/alarms', {
    token,
    body: {
      alarmName: 'always',
      kind: 'metric',
      vmUuid: vmId,
      item: 'cpu',
      operator: '<=',
      criticalNumber: 100,
      continuance: 1,
      coolDownTime: 10,
      emails: ['wired@example.com'],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const alarm = body<{ data: { uuid: string } }>(created).data;
  const status = async () =>
    body<{ data: { status: number } }>(await t.request('GET', `/api/alarms/${alarm.uuid}`, { token })).data
      .status;
  expect(await status()).not.toBe(1);

  await t.app.jobs.send(METRICS_SAMPLE_QUEUE, {});
  await expect.poll(status, { timeout: 20_000 }).toBe(1);
  await jobsSettled(t.database.sqlExecutor, [ALARM_MAILS_QUEUE]);
  const mails = await t.outbox.list('wired@example.com');
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toContain('always');
});
