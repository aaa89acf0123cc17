import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TARGET_TYPES, DASHBOARD_KINDS, RESOURCE_CONTRACTS, getRoute } from '@portal/shared';
import { rowsOf } from '../src/db/database.js';
import { build, type TestApp } from './build.js';

/**
 * Every resource of the shared contract list is whole on the API (issue 26): registered from its
 * contract, its table bumping the resources version (or its kept lists go stale), an audit target
 * and a dashboard kind or an explicit none, and its pages in the route table. The web's half is
 * apps/web/src/app/router/resource-completeness.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => t?.close());

describe('every declared resource', () => {
  it('is registered once, from its shared contract, and nothing else is', () => {
    expect([...t.app.resources.keys()].sort()).toEqual(RESOURCE_CONTRACTS.map((c) => c.type).sort());
    for (const contract of RESOURCE_CONTRACTS) {
      expect(t.app.resources.get(contract.type)?.contract, contract.type).toBe(contract);
    }
  });

  it.each(RESOURCE_CONTRACTS.map((c) => [c.type, c] as const))(
    '%s: its table has the version triggers',
    async (type) => {
      const table = getTableName(t.app.resources.get(type)!.table);
      const triggers = rowsOf<{ name: string }>(
        await t.db.execute(
          sql`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal`,
        ),
      ).map((r) => r.name);
      for (const event of ['insert', 'update', 'delete']) {
        expect(triggers, `${table}: add it to add_resources_version_triggers in a migration`).toContain(
          `${table}_version_${event}`,
        );
      }
    },
  );

  it.each(RESOURCE_CONTRACTS.map((c) => [c.type, c] as const))(
    '%s: has an audit target, a dashboard kind or says none, and its pages',
    (_type, contract) => {
      expect(AUDIT_TARGET_TYPES).toContain(contract.name);
      if (contract.dashboardKind !== null) {
        expect(DASHBOARD_KINDS.map((k) => k.kind)).toContain(contract.dashboardKind);
        expect(DASHBOARD_KINDS.find((k) => k.kind === contract.dashboardKind)?.authority).toBe(
          contract.authority,
        );
      }
      for (const id of Object.values(contract.routes)) {
        const route = getRoute(id);
        expect(route.authority ?? contract.authority, id).toBe(contract.authority);
      }
    },
  );
});
