import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@portal/shared';
import { build, type TestApp } from '../../test/build.js';

/**
 * Every action a route audits is one of the shared AUDIT_ACTIONS, which the audit page offers as a
 * filter and labels in both languages (the web's locale test checks the labels). A resource added
 * without its actions there would show raw names in the trail and be missing from the filter.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

it('lists every audited action in AUDIT_ACTIONS', () => {
  const audited = new Set(t.app.declaredRoutes.flatMap((r) => (r.audit ? [r.audit] : [])));
  expect(audited.size).toBeGreaterThan(20);
  const known = new Set<string>(AUDIT_ACTIONS);
  expect([...audited].filter((a) => !known.has(a)).sort()).toEqual([]);
});
