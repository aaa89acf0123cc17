import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';

let t: TestApp;
let webDist: string;
const script = `export const routes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `/page-${i}`))};\n`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(webDist, 'assets', 'index-AbCd1234.js'), script);
  // A build writes .br copies beside its files (apps/web/vite-precompress.ts).
  writeFileSync(path.join(webDist, 'assets', 'app-Pre12345.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'app-Pre12345.js.br'), brotliCompressSync(script));
  t = await build({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compression', () => {
  it("sends the web app's hashed scripts brotli-compressed and cacheable for a year", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends the build's own brotli copy when there is one, with the script's type", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-Pre12345.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(brotliCompressSync(script))).toBe(true);
  });

  it('falls back to gzip, and sends plain bytes to a client that asks for none', async () => {
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses large API answers too, and leaves small ones alone', async () => {
    const prices = await t.app.inject({
      method: 'GET',
      url: '/api/prices',
      headers: { 'accept-encoding': 'br' },
    });
    expect(prices.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(prices.rawPayload).toString()).data.length).toBeGreaterThan(10);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
