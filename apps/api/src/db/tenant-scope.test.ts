import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { sessions, users } from './schema/index.js';
import { tenantScope } from './tenant-scope.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('tenantScope', () => {
  it("cannot read, change or delete another tenant's rows, even by id", async () => {
    const mine = await t.createTenant();
    const theirs = await t.createTenant();
    const scope = tenantScope(t.db, mine.client.id);

    expect(await scope.select(users, eq(users.id, theirs.root.id))).toEqual([]);
    expect((await scope.select(users)).map((u) => u.id)).toEqual([mine.root.id]);
    expect(await scope.update(users, { twoFa: true }, eq(users.id, theirs.root.id))).toEqual([]);
    expect(await scope.delete(users, eq(users.id, theirs.root.id))).toEqual([]);
    const [untouched] = await tenantScope(t.db, theirs.client.id).select(users, eq(users.id, theirs.root.id));
    expect(untouched?.twoFa).toBe(false);
  });

  it('stamps inserts with its own client id', async () => {
    const mine = await t.createTenant();
    const scope = tenantScope(t.db, mine.client.id);
    const [row] = await scope.insert(sessions, {
      tokenHash: 'hash-of-nothing',
      userId: mine.root.id,
      expiresAt: new Date(),
    });
    expect(row?.clientId).toBe(mine.client.id);
  });

  it('rolls a transaction back as a whole', async () => {
    const mine = await t.createTenant();
    const scope = tenantScope(t.db, mine.client.id);
    await expect(
      scope.transaction(async (tx) => {
        await tx.update(users, { twoFa: true }, eq(users.id, mine.root.id));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await scope.select(users))[0]?.twoFa).toBe(false);
  });
});
