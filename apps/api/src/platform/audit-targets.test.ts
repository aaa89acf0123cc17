import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_TARGET_TYPES } from '@portal/shared';
import { build, type TestApp } from '../../test/build.js';

/**
 * Every audited change names the resource it changed (targetType, and targetId from the route's
 * key or answer), so a resource's whole trail can be asked for: `/api/audit?targetType=vm&targetId=…`.
 * The kit's resources do by construction (register-resource.ts); routes written by hand must say
 * so in `config.audit.target`. Only the session's own events name no resource.
 */
const SESSION_EVENTS = new Set(['POST /api/users/logout']);

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const changes = () =>
  t.app.declaredRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.audit !== undefined);

it('has every audited change declare the type of resource it changes', () => {
  expect(changes().length).toBeGreaterThan(60);
  const missing = changes()
    .filter((r) => !r.auditTarget && !SESSION_EVENTS.has(`${r.method} ${r.url}`))
    .map((r) => `${r.method} ${r.url}`);
  expect(missing).toEqual([]);
});

it('names only types the audit page offers and labels', () => {
  const known = new Set<string>([...AUDIT_TARGET_TYPES, '*']);
  const unknown = changes().filter((r) => r.auditTarget && !known.has(r.auditTarget));
  expect(unknown.map((r) => `${r.method} ${r.url}: ${r.auditTarget}`)).toEqual([]);
});

it("has the kit's resources name themselves in every change", () => {
  // The kit's routes are /api/<type> and /api/<type>/:key[/<action>], audited as <name>.<verb>.
  const kit = changes().filter((r) => /^\/api\/[a-z-]+(\/:[a-zA-Z]+(\/[a-z-]+)?)?$/.test(r.url));
  expect(kit.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/vms', '/api/vms/:uuid/start']));
  for (const r of kit) expect(r.auditTarget, `${r.method} ${r.url}`).toBeTruthy();
});
