import { afterAll, beforeAll, expect, it } from 'vitest';
import { body, buildSignedIn, type TestApp } from '../../../test/build.js';

/**
 * The declared resources are the app's (app.resources, read-only): a test can walk every one, and
 * the tag routes know exactly these kinds.
 */
let t: TestApp, token: string;
beforeAll(async () => {
  ({ t, token } = await buildSignedIn());
});
afterAll(() => t.close());

it('holds every declared resource by its type, each with its list and detail routes', () => {
  const types = [...t.app.resources.keys()];
  expect(types).toEqual(
    expect.arrayContaining([
      'vms',
      'disks',
      'snapshots',
      'vpcs',
      'firewalls',
      'buckets',
      'alarms',
      'tickets',
    ]),
  );
  const routes = new Set(t.app.declaredRoutes.map((r) => `${r.method} ${r.url}`));
  for (const [type, declaration] of t.app.resources) {
    expect(declaration.type).toBe(type);
    expect(routes.has(`GET /api/${type}`), `GET /api/${type}`).toBe(true);
  }
});

it('answers tags for each declared kind and 404 for a type that is none', async () => {
  for (const type of t.app.resources.keys()) {
    const keys = await t.request('GET', `/api/tags/keys?type=${type}`, { token });
    expect(keys.statusCode, type).toBe(200);
    expect(body(keys).data).toEqual([]);
  }
  const none = await t.request('GET', '/api/tags/keys?type=nothing', { token });
  expect(none.statusCode).toBe(404);
});
