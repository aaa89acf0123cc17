import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { build, type TestApp } from '../../test/build.js';
import { REDACTED, redactUrl } from './log-redaction.js';

/** The server log as the lines a test made, parsed; and the app writing it at level info. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await build({ logger: { level: 'info', stream } });
});
afterAll(() => t.close());

const marker = () => `secret${randomBytes(12).toString('hex')}`;

describe('link secrets in the request log', () => {
  it('every route with a link secret in its path logs the URL with that segment redacted', async () => {
    const routes = t.app.declaredRoutes.filter((r) => /:(guid|token)\b/.test(r.url) && r.method !== 'HEAD');
    // Reset, set-password, registration form, its uploads and submit, and the progress link.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/password/reset/:guid',
        'POST /api/password/set/:guid',
        'GET /api/register/info/:guid',
        'PUT /api/register/info/:guid/docs/:doc',
        'GET /api/register/query/:guid',
      ]),
    );
    for (const route of routes) {
      const secret = marker();
      const url = route.url.replace(/:(guid|token)\b/g, secret).replace(/:doc\b/, 'doc1');
      const before = lines.length;
      await t.request(route.method as never, url, { body: {} });
      const logged = lines.slice(before);
      expect(
        logged.some((l) => l.includes('incoming request')),
        url,
      ).toBe(true);
      expect(
        logged.filter((l) => l.includes(secret)),
        url,
      ).toEqual([]);
      const incoming = JSON.parse(logged.find((l) => l.includes('incoming request'))!) as {
        req: { url: string };
      };
      expect(incoming.req.url).toBe(url.replace(secret, REDACTED));
    }
  });

  it('logs the document view link without its token', async () => {
    const secret = marker();
    const before = lines.length;
    await t.request('GET', `/api/ops/document-view?token=${secret}`);
    const logged = lines.slice(before);
    expect(logged.join('\n')).not.toContain(secret);
    expect(logged.join('\n')).toContain(`/api/ops/document-view?token=${REDACTED}`);
  });

  it('logs the VM console’s socket without its ticket', async () => {
    const secret = marker();
    const before = lines.length;
    await t.request('GET', `/api/vms/00000000-0000-4000-8000-000000000000/console/ws?ticket=${secret}`);
    const logged = lines.slice(before);
    expect(logged.join('\n')).not.toContain(secret);
    expect(logged.join('\n')).toContain(`/console/ws?ticket=${REDACTED}`);
  });

  it('redacts by name only, in the path and the query', () => {
    expect(redactUrl('/api/register/info/abc/docs/doc1', { guid: 'abc', doc: 'doc1' })).toBe(
      `/api/register/info/${REDACTED}/docs/doc1`,
    );
    expect(redactUrl('/api/news/abc', { id: 'abc' })).toBe('/api/news/abc');
    // An API key's secret, wherever it stands, as typed or encoded.
    const key = `cpk_${'a1B2-_'.repeat(8)}`;
    expect(redactUrl(`/api/vms?api_key=${key}&x=1`, {})).toBe(`/api/vms?api_key=${REDACTED}&x=1`);
    expect(redactUrl(`/api/things/${key.replace('_', '%5F')}`, {})).toBe(`/api/things/${REDACTED}`);
    expect(redactUrl('/x?a=1&token=s3&b=2', {})).toBe(`/x?a=1&token=${REDACTED}&b=2`);
    expect(redactUrl('/x?tokens=1', {})).toBe('/x?tokens=1');
  });
});

describe('failed queries in the log', () => {
  it('keep their SQL and the database message, not the values they were given', async () => {
    const { root, client } = await t.createTenant();
    const hash = marker();
    // The same account twice in a client: the unique index refuses it, and both the driver and
    // PostgreSQL's detail would repeat the address and every other value of the row.
    const error = await t.db
      .insert(users)
      .values({ clientId: client.id, isRoot: true, account: root.account, passwordHash: hash })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(hash);

    const before = lines.length;
    t.app.log.error({ err: error }, 'request failed');
    t.app.log.error(error as Error);
    const logged = lines.slice(before);
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).not.toContain(hash);
      expect(line).not.toContain(root.account);
      expect(line).toContain('insert into \\"users\\"');
      expect(line).toContain('duplicate key value violates unique constraint');
    }
  });
});
