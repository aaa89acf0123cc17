import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.js';
import { createDefaultNetwork, insertFleet } from '../../../test/fleets.js';
import { usageMeterRuns, usageMonthly } from '../../db/schema/index.js';
import { seedDemoUsage } from './demo-usage.js';

let t: TestApp;
beforeAll(async () => {
  // The tests meter the hours themselves (no schedule fires in tests).
  t = await build();
});
afterAll(() => t.close());

it('meters the demo fleet’s past from the start of last month, through the real meter', async () => {
  const { client } = await t.createTenant();
  const { vpc, firewall } = await createDefaultNetwork(t.db, client.id);
  await insertFleet(
    t.db,
    {
      clientId: client.id,
      vpcId: vpc!.id,
      firewallId: firewall!.id,
      cidr: vpc!.cidrIpv4,
      segmentBase: '10.0.0.0',
    },
    [
      {
        name: 'web-01',
        templateId: '6a1f0c1e-0000-4000-8000-000000000001',
        cpuCore: 2,
        ramSize: 4,
        status: 1,
        rootGb: 50,
        publicIp: false,
        host: 'hv-1',
        index: 0,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ],
  );
  // 10 March 13:30 in Taipei: February (from 1 February 00:00, +08:00) and 9 days and 13 hours of March.
  const hours = await seedDemoUsage(t.db, new Date('2026-03-10T05:30:00Z'));
  expect(hours).toBe(28 * 24 + 9 * 24 + 13);
  expect((await t.db.select().from(usageMeterRuns)).length).toBe(hours);
  const vcpu = (await t.db.select().from(usageMonthly).where(eq(usageMonthly.clientId, client.id))).filter(
    (l) => l.code === 'vm.vcpu',
  );
  expect(vcpu.map((l) => [l.month, l.hours])).toEqual([
    ['2026-02-01', 28 * 24],
    ['2026-03-01', 9 * 24 + 13],
  ]);
});
