import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../../test/build.js';
import { registrations } from '../../db/schema/index.js';
import type { ObjectStore, StoredObject } from '../../storage/object-store.js';
import { MULTIPART_BOUNDARY, PNG, linkOf, multipart } from './registration-test-data.js';

/**
 * An object store in memory whose writes and deletes take a few random milliseconds, as a remote
 * store's do, so that uploads started together finish in any order.
 */
function slowStore(): ObjectStore & { objects: Map<string, StoredObject> } {
  const objects = new Map<string, StoredObject>();
  const lag = () => sleep(randomInt(1, 15));
  return {
    objects,
    async put(key, bytes, contentType) {
      await lag();
      objects.set(key, { body: bytes, contentType });
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async delete(key) {
      await lag();
      objects.delete(key);
    },
    async close() {},
  };
}

let t: TestApp;
const store = slowStore();
beforeAll(async () => {
  t = await build({ storage: store });
});
afterAll(() => t.close());

/** A registration open for uploads: its link token and its id (the folder of its objects). */
async function openRegistration() {
  const email = `upload-${randomInt(1e9)}@example.com`;
  const c = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data;
  const a = body<{ data: { answer: string } }>(await t.request('GET', `/api/dev/captcha/${c.id}`)).data;
  const r = await t.request('POST', '/api/register', { body: { email, captchaId: c.id, captcha: a.answer } });
  expect(r.statusCode).toBe(200);
  const guid = linkOf((await t.outbox.last(email)).text, 'registerInfoInput');
  const [row] = await t.db.select().from(registrations).where(eq(registrations.email, email));
  return { guid, id: row!.id };
}

const upload = (guid: string, name: string, bytes: Buffer, doc = 'doc1') =>
  t.request('PUT', `/api/register/info/${guid}/docs/${doc}`, multipart(name, bytes));
const docsOf = async (id: string) =>
  (await t.db.select().from(registrations).where(eq(registrations.id, id)))[0]!.docs;
const objectsOf = (id: string) =>
  [...store.objects.keys()].filter((k) => k.startsWith(`registrations/${id}/`));
/** A PNG told apart from the others by its length. */
const png = (n: number) => Buffer.concat([PNG, Buffer.alloc(n)]);

describe('an upload slot holds one object', () => {
  it('after several uploads at once: one object, the one the row names', async () => {
    const { guid, id } = await openRegistration();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(guid, `front-${i}.png`, png(i))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);

    const docs = await docsOf(id);
    expect(Object.keys(docs)).toEqual(['doc1']);
    expect(objectsOf(id)).toEqual([docs.doc1!.key]);
    // The object is the file the row describes, not another upload's.
    const stored = store.objects.get(docs.doc1!.key)!;
    const i = Number(/front-(\d)\.png/.exec(docs.doc1!.name)![1]);
    expect(stored.body.equals(png(i))).toBe(true);
    expect(docs.doc1!.size).toBe(stored.body.length);
  });

  it('a re-upload replaces the object; another slot keeps its own', async () => {
    const { guid, id } = await openRegistration();
    expect((await upload(guid, 'first.png', png(1))).statusCode).toBe(200);
    expect((await upload(guid, 'other.png', png(2), 'doc2')).statusCode).toBe(200);
    expect((await upload(guid, 'second.png', png(3))).statusCode).toBe(200);

    const docs = await docsOf(id);
    expect(docs.doc1!.name).toBe('second.png');
    expect(objectsOf(id).sort()).toEqual([docs.doc1!.key, docs.doc2!.key].sort());
    expect(store.objects.get(docs.doc1!.key)!.body.equals(png(3))).toBe(true);
  });

  it('uploads and removals at once end with the slot and the store agreeing', async () => {
    const { guid, id } = await openRegistration();
    await Promise.all([
      upload(guid, 'a.png', png(1)),
      t.request('DELETE', `/api/register/info/${guid}/docs/doc1`),
      upload(guid, 'b.png', png(2)),
      t.request('DELETE', `/api/register/info/${guid}/docs/doc1`),
      upload(guid, 'c.png', png(3)),
    ]);
    const docs = await docsOf(id);
    expect(objectsOf(id)).toEqual(docs.doc1 ? [docs.doc1.key] : []);
  });
});

describe('a malformed upload', () => {
  const at = (guid: string) => `/api/register/info/${guid}/docs/doc1`;
  const form = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  const head = (disposition: string) =>
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`;
  const whole = multipart('ok.png', PNG).body;

  const CASES: { name: string; type: string; payload: Buffer | string }[] = [
    { name: 'cut off inside the file', type: form, payload: whole.subarray(0, whole.length - 40) },
    { name: 'cut off inside the part header', type: form, payload: whole.subarray(0, 30) },
    { name: 'without its closing boundary', type: form, payload: whole.subarray(0, whole.length - 6) },
    { name: 'with no part at all', type: form, payload: `--${MULTIPART_BOUNDARY}--\r\n` },
    { name: 'empty', type: form, payload: '' },
    { name: 'not multipart inside', type: form, payload: 'hello' },
    { name: 'with another boundary', type: 'multipart/form-data; boundary=other', payload: whole },
    { name: 'with no boundary', type: 'multipart/form-data', payload: whole },
    {
      name: 'a field instead of a file',
      type: form,
      payload: `${head('form-data; name="file"')}text\r\n--${MULTIPART_BOUNDARY}--\r\n`,
    },
    {
      name: 'two files',
      type: form,
      payload: Buffer.concat([
        Buffer.from(head('form-data; name="file"; filename="a.png"')),
        PNG,
        Buffer.from(`\r\n${head('form-data; name="file"; filename="b.png"')}`),
        PNG,
        Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
      ]),
    },
  ];

  it.each(CASES)('answers 4xx and stores nothing when $name', async ({ type, payload }) => {
    const { guid, id } = await openRegistration();
    const response = await t.request('PUT', at(guid), { body: payload, headers: { 'content-type': type } });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(body(response).msg, response.body).toBeTypeOf('string');
    // Two files: the first may be kept, but never both; anything else keeps nothing.
    expect(objectsOf(id).length).toBeLessThanOrEqual(1);
    expect(Object.keys(await docsOf(id)).length).toBe(objectsOf(id).length);
  });

  it('refuses a file name the database cannot store with INVALID_CHARACTERS', async () => {
    const { guid, id } = await openRegistration();
    const payload = Buffer.concat([
      Buffer.from(head(`form-data; name="file"; filename*=UTF-8''a%00b.png`)),
      PNG,
      Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
    ]);
    const response = await t.request('PUT', at(guid), { body: payload, headers: { 'content-type': form } });
    expect(response.statusCode, response.body).toBe(400);
    expect(body(response)).toEqual({
      msg: 'INVALID_CHARACTERS',
      errors: [{ path: 'file', message: 'validation.invalidCharacters' }],
    });
    expect(objectsOf(id)).toEqual([]);
  });
});
