import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, LoadError } from './client.mjs';
import { createRecorder, percentile, summarize, table } from './stats.mjs';

describe('what the load counts as an error', () => {
  let server;
  let base;
  beforeAll(async () => {
    // Answers the status the path names, as the portal answers: `{ data }` or `{ msg }`.
    server = http.createServer((req, res) => {
      const status = Number(req.url.split('/')[2]);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 400 ? { data: { ok: true } } : { msg: 'VM_STATUS_ERROR' }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers a 2xx, and fails a 5xx, an unexpected 4xx and no answer, each under its route', async () => {
    const recorder = createRecorder();
    const client = createClient(base, recorder);
    const window = recorder.begin('test');
    expect((await client.request('GET /status/{code}', { params: { code: 200 } })).data).toEqual({
      ok: true,
    });
    // A refusal the product gives on purpose is still an error in a session that should not meet it.
    await expect(client.request('POST /status/{code}', { params: { code: 409 } })).rejects.toThrow(LoadError);
    await expect(client.request('GET /status/{code}', { params: { code: 503 } })).rejects.toThrow(
      /503 VM_STATUS_ERROR/,
    );
    // A 4xx the session expects is an answer.
    expect(
      (await client.request('GET /status/{code}', { params: { code: 404 }, expect: [404] })).status,
    ).toBe(404);
    const refused = createClient('http://127.0.0.1:1', recorder);
    await expect(refused.request('GET /api/vms')).rejects.toThrow(LoadError);
    recorder.end();
    client.close();
    refused.close();

    expect(recorder.errors).toBe(3);
    expect(recorder.errorExamples().map(([what]) => what)).toEqual([
      'POST /status/{code} 409 VM_STATUS_ERROR',
      'GET /status/{code} 503 VM_STATUS_ERROR',
      'GET /api/vms ECONNREFUSED',
    ]);
    const { rows, overall } = summarize(window);
    expect(Object.fromEntries(rows.map((r) => [r.route, [r.count, r.errors]]))).toEqual({
      'GET /status/{code}': [3, 1],
      'POST /status/{code}': [1, 1],
      'GET /api/vms': [1, 1],
    });
    expect([overall.count, overall.errors]).toEqual([5, 3]);
  });
});

describe('an instance killed on purpose', () => {
  it('counts apart only the failures in flight at the kill: sent before it was gone, ended after the kill', () => {
    const recorder = createRecorder();
    recorder.inFlightAt(1000, 1050);
    recorder.record(null, 'PUT /api/tags/{type}/{resId}', 30, '502', 990); // in flight
    recorder.record(null, 'GET /api/vms', 20, 'ECONNRESET', 1040); // sent before it was gone
    recorder.record(null, 'GET /api/vms', 10, '502', 900); // over before the kill
    recorder.record(null, 'GET /api/vms', 10, '503', 1060); // sent after it was gone
    expect([recorder.inFlightErrors, recorder.errors]).toEqual([2, 2]);
    expect(recorder.errorExamples().map(([what]) => what)).toContain(
      'PUT /api/tags/{type}/{resId} 502 (in flight at the kill)',
    );
  });
});

describe('the figures of a window', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99)]).toEqual([50, 95, 99]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it('leaves the harness (the mailbox) out of the overall figures but shows it', () => {
    let now = 0;
    const recorder = createRecorder(() => now);
    const window = recorder.begin('steady');
    for (const ms of [10, 20, 30, 40]) recorder.record(window, 'GET /api/vms/{uuid}', ms, null);
    recorder.record(window, 'GET /api/dev/outbox', 900, null);
    now = 2000;
    recorder.end();
    const summary = summarize(window);
    expect(summary.overall).toMatchObject({ count: 4, rps: 2, p50: 20, p99: 40, errors: 0 });
    expect(summary.harness.map((r) => r.route)).toEqual(['GET /api/dev/outbox']);
    expect(table(summary)).toContain('| `GET /api/dev/outbox` (harness) | 1 |');
  });
});
