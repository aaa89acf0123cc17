import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, build, type TestApp } from '../../test/build.js';
import { exposureWarning, isLoopbackAddress } from './this-machine.js';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy that is trusted wholesale, request.ip is whatever X-Forwarded-For says.
  t = await build({ config: { trustProxy: true } });
});
afterAll(() => t.close());

/** The development-only routes, with a live captcha id for the answer route. */
async function devUrls() {
  const { id } = body<{ data: { id: string } }>(await t.request('GET', '/api/captcha')).data;
  return ['/api/dev/outbox', `/api/dev/captcha/${id}`];
}

describe('development routes', () => {
  it('answer a caller on this machine, over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const url of await devUrls())
        expect((await t.request('GET', url, { ip })).statusCode, url).toBe(200);
    }
  });

  it('are a 404 to other machines, also when a forwarding header claims loopback', async () => {
    for (const url of await devUrls()) {
      for (const ip of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
        const response = await t.request('GET', url, { ip });
        expect(response.statusCode, `${url} from ${ip}`).toBe(404);
        expect(body(response)).toEqual({ msg: 'NOT_FOUND' });
      }
      // A reverse proxy on this machine: the socket is loopback, the caller is not.
      const proxied: Record<string, string>[] = [
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
      ];
      for (const headers of proxied) {
        expect((await t.request('GET', url, { ip: '127.0.0.1', headers })).statusCode, url).toBe(404);
      }
    }
  });
});

describe('loopback', () => {
  it('is 127.0.0.0/8 and ::1 in any of their forms', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', '1127.0.0.1', undefined])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('a development server bound beyond loopback gets a warning; production and loopback do not', () => {
    expect(exposureWarning({ env: 'development', host: '0.0.0.0' })).toMatch(
      /HOST=0\.0\.0\.0.*NODE_ENV=production/,
    );
    expect(exposureWarning({ env: 'test', host: '192.168.1.5' })).toMatch(/other machines/);
    expect(exposureWarning({ env: 'production', host: '0.0.0.0' })).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(exposureWarning({ env: 'development', host }), host).toBeNull();
  });
});
