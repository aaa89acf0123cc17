import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '@portal/shared';
import { loadConfig, type Config } from '../src/config.js';
import { startServer } from '../src/server.js';

/**
 * The embedded default as `npx tsx apps/api/src/main.ts` runs it: PGlite on disk, demo tenant,
 * listening; the demo customer in English (DEMO_LANGUAGE=en), so the setting is seen to reach it.
 */
let dataDir: string;
let config: Config;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-data-'));
  config = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', DEMO_LANGUAGE: 'en' }),
    env: 'test',
    webDist: '/nonexistent',
  };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('starts on an empty data folder with the demo tenant, and restarts onto the same data', async () => {
    const first = await startServer(config);
    try {
      expect(first.database.kind).toBe('pglite');
      expect(first.demo).toMatchObject({ clientNumber: '20260000001', created: true });
      const health = await fetch(`${first.url}/api/health`);
      expect(await health.json()).toEqual({ data: { status: 'ok' } });
    } finally {
      await first.close();
    }

    const second = await startServer(config);
    try {
      expect(second.demo?.created).toBe(false);
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ root: '20260000001', iamAccount: 'viewer', password: config.demoPassword }),
      });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      expect(token).toBeTruthy();
      const info = await fetch(`${second.url}/api/client/info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await info.json()) as { data: { companyName: string } }).data.companyName).toBe(
        'Demo Cloud Co., Ltd.',
      );
      // The demo's load balancer stands in front of its two web servers.
      const balancers = await fetch(`${second.url}/api/balancers`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { records } = ((await balancers.json()) as { data: { records: Balancer[] } }).data;
      expect(records).toEqual([
        expect.objectContaining({
          lbName: 'web-frontend',
          lbProtocol: 'HTTP',
          status: 1,
          address: expect.any(String),
        }),
      ]);
      expect(records[0]!.vms.map((vm) => vm.name)).toEqual(['web-01', 'web-02']);
    } finally {
      await second.close();
    }
    // Two starts on an empty folder seed the demo (VMs, networks, buckets on the S3 server) once.
  }, 90_000);

  it('drains: readiness 503 at once, a request in flight finishes, then it stops listening', async () => {
    const server = await startServer({
      ...config,
      dataDir: path.join(dataDir, 'drain'),
      seedDemo: false,
      drainNoticeMs: 300,
      logLevel: 'silent',
    });
    const url = new URL('/api/auth/login', server.url);
    const payload = JSON.stringify({ account: 'nobody@example.com', password: 'Wrong-Passw0rd-2026!' });
    // A request whose body comes in two halves: in flight on the server from its first byte.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      request.write(payload.slice(0, 10));
      // The rest well after the notice, when the server has stopped listening.
      setTimeout(() => request.end(payload.slice(10)), 800);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    const drained = server.drain();
    const ready = await fetch(new URL('/api/health/ready', server.url));
    expect(ready.status).toBe(503);
    // Anything new is still served during the notice.
    expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
    await drained;
    // The stop waited for the request, whose body came 700 ms in, well after the listener had gone.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(650);
    const finished = await answer;
    expect(finished.status).toBe(400);
    expect(JSON.parse(finished.body)).toEqual({ msg: 'LOGIN_ERROR' });
    await expect(fetch(new URL('/api/health/live', server.url))).rejects.toThrow();
  }, 60_000);
});
