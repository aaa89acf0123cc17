import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bucket, ObjectEntry } from '@portal/shared';
import { body, build, type TestApp } from '../../../../test/build.js';

/**
 * A 200 MB upload through the portal, on a real socket: the body is made as it is sent, by another
 * process, and the server's memory (this process: the API and the embedded S3 server) is watched.
 */
const SIZE = 200 * 1024 * 1024;
const CHUNK = 64 * 1024;
/** What the server may grow by while 200 MB go through it: a few parts in flight, not the file. */
const MAX_GROWTH = 100 * 1024 * 1024;

let t: TestApp;
let token: string;
let origin: string;
beforeAll(async () => {
  t = await build();
  const tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/**
 * The sender, in a process of its own so that the memory watched is the server's alone: SIZE bytes
 * of a pattern that changes along the file, made chunk by chunk as the socket takes them, PUT to
 * the URL; it prints the answer and the body's digest.
 */
const SENDER = `
const http = require('node:http');
const { createHash } = require('node:crypto');
const { Readable } = require('node:stream');
const [url, token, size, chunkSize] = process.argv.slice(1);
const SIZE = Number(size), CHUNK = Number(chunkSize);
const hash = createHash('sha256');
let sent = 0;
const body = new Readable({
  read() {
    if (sent >= SIZE) return void this.push(null);
    const chunk = Buffer.alloc(Math.min(CHUNK, SIZE - sent), (sent / CHUNK) % 256);
    chunk.writeUInt32BE(sent, 0);
    sent += chunk.length;
    hash.update(chunk);
    this.push(chunk);
  },
});
const request = http.request(url, {
  method: 'PUT',
  headers: { authorization: 'Bearer ' + token, 'content-type': 'video/mp4', 'content-length': String(SIZE) },
});
request.on('response', (response) => {
  const parts = [];
  response.on('data', (part) => parts.push(part));
  response.on('end', () =>
    process.stdout.write(JSON.stringify({
      status: response.statusCode,
      text: Buffer.concat(parts).toString(),
      digest: hash.digest('hex'),
    })),
  );
});
body.pipe(request);
`;

function sendFile(path: string): Promise<{ status: number; text: string; digest: string }> {
  return new Promise((resolve, reject) => {
    const args = ['-e', SENDER, `${origin}${path}`, token, String(SIZE), String(CHUNK)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (part: Buffer) => (out += part.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out) as { status: number; text: string; digest: string });
      else reject(new Error(`the sender stopped with ${code}`));
    });
  });
}

/** The peak growth of the process's resident memory over `run`, sampled every 100 ms. */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

it(
  'streams a 200 MB upload to S3 without holding it, and streams it back',
  { timeout: 600_000 },
  async () => {
    const created = await t.request('POST', '/api/buckets', { token, body: { name: 'videos' } });
    const bucket = body<{ data: Bucket }>(created).data;

    const started = performance.now();
    const upload = await peakGrowth(() => sendFile('/api/buckets/videos/objects?key=raw%2Ftake-1.mp4'));
    const seconds = (performance.now() - started) / 1000;
    expect(upload.result.status, upload.result.text).toBe(200);
    const entry = (JSON.parse(upload.result.text) as { data: ObjectEntry }).data;
    console.log(
      `200 MB upload: server memory grew by ${(upload.growth / 1024 / 1024).toFixed(1)} MB at the peak ` +
        `(limit ${MAX_GROWTH / 1024 / 1024} MB), ${seconds.toFixed(1)} s`,
    );
    expect(upload.growth).toBeLessThan(MAX_GROWTH);
    expect(entry).toMatchObject({ key: 'raw/take-1.mp4', size: SIZE });

    const head = await t.app.buckets.client.send(
      new HeadObjectCommand({ Bucket: bucket.s3Name, Key: 'raw/take-1.mp4' }),
    );
    expect(head.ContentLength).toBe(SIZE);
    expect(head.ContentType).toBe('video/mp4');

    // Back through the download route: the same bytes, a chunk at a time.
    const download = await peakGrowth(async () => {
      const response = await fetch(`${origin}/api/buckets/videos/objects/download?key=raw%2Ftake-1.mp4`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const hash = createHash('sha256');
      for await (const part of response.body!) hash.update(part as Uint8Array);
      return { response, digest: hash.digest('hex') };
    });
    console.log(
      `200 MB download: server memory grew by ${(download.growth / 1024 / 1024).toFixed(1)} MB at the peak`,
    );
    expect(download.result.response.headers.get('content-length')).toBe(String(SIZE));
    expect(download.result.response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''take-1.mp4",
    );
    expect(download.result.digest).toBe(upload.result.digest);
    expect(download.growth).toBeLessThan(MAX_GROWTH);
  },
);

it('refuses a body over the limit before reading it, and leaves nothing behind', async () => {
  const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${origin}/api/buckets/videos/objects?key=huge.bin`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-length': String(6 * 1024 ** 3),
      },
    });
    request.on('error', reject);
    request.on('response', (answer) => {
      let text = '';
      answer.on('data', (part: Buffer) => (text += part.toString()));
      answer.on('end', () => {
        resolve({ status: answer.statusCode ?? 0, text });
        // The rest of the declared body is never sent.
        request.destroy();
      });
    });
    request.write(Buffer.alloc(1024));
  });
  expect(response.status).toBe(413);
  expect(JSON.parse(response.text)).toEqual({ msg: 'PAYLOAD_TOO_LARGE' });
  const listed = await t.request('GET', '/api/buckets/videos/objects', { token });
  expect(body<{ data: { entries: { key: string }[] } }>(listed).data.entries.map((e) => e.key)).toEqual([
    'raw/',
  ]);
});
