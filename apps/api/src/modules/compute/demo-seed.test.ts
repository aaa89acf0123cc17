import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, TEST_PASSWORD, type TestApp } from '../../../test/build.js';
import { disks, snapshots, vms, vpcs } from '../../db/schema/index.js';
import { createPasswordHasher } from '../../platform/passwords.js';
import { createSecretBox } from '../../platform/secret-box.js';
import type { DemoSeedContext } from '../../platform/modules/portal-module.js';
import { computeModule } from './compute-module.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The compute module's demo seed for a new customer, on the cloud named. */
async function seeded(cloudDriver: DemoSeedContext['cloudDriver']) {
  const { client } = await t.createTenant();
  await computeModule.demo!.seed({
    db: t.db,
    clientId: client.id,
    language: 'en',
    secrets: createSecretBox(Buffer.alloc(32)),
    buckets: t.app.buckets,
    passwords: createPasswordHasher('test'),
    password: TEST_PASSWORD,
    cloudDriver,
  });
  const count = async (table: typeof vms | typeof disks | typeof snapshots | typeof vpcs) =>
    (await t.db.select({ id: table.id }).from(table).where(eq(table.clientId, client.id))).length;
  return {
    vms: await count(vms),
    disks: await count(disks),
    snapshots: await count(snapshots),
    vpcs: await count(vpcs),
  };
}

describe('the demo fleet', () => {
  it('is seeded on the simulator', async () => {
    const estate = await seeded('simulator');
    expect(estate.vms).toBeGreaterThan(0);
    expect(estate.disks).toBeGreaterThan(estate.vms);
    expect(estate.snapshots).toBeGreaterThan(0);
  });

  it('is not on libvirt, which has none of its machines: only the default network', async () => {
    expect(await seeded('libvirt')).toEqual({ vms: 0, disks: 0, snapshots: 0, vpcs: 1 });
  });
});
