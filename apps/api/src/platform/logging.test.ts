import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isWebAppRequest, loggerOptions, PortalLogController } from './logging.js';

describe('loggerOptions', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  const installed = () => true;
  const isPretty = (options: ReturnType<typeof loggerOptions>) =>
    typeof options === 'object' && 'transport' in options && options.transport !== undefined;

  it('is pretty in a terminal during development', () => {
    const options = loggerOptions({ env: 'development', logLevel: 'info' }, tty, installed);
    expect(options).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
  });

  it('writes JSON lines to a pipe or a file, in production, in tests, or without pino-pretty', () => {
    expect(isPretty(loggerOptions({ env: 'development', logLevel: 'info' }, pipe, installed))).toBe(false);
    expect(isPretty(loggerOptions({ env: 'production', logLevel: 'info' }, tty, installed))).toBe(false);
    expect(isPretty(loggerOptions({ env: 'test', logLevel: 'warn' }, tty, installed))).toBe(false);
    expect(isPretty(loggerOptions({ env: 'development', logLevel: 'info' }, tty, () => false))).toBe(false);
    expect(loggerOptions({ env: 'production', logLevel: 'warn' }, tty, installed)).toEqual({ level: 'warn' });
  });

  it('finds pino-pretty where it is installed', () => {
    expect(isPretty(loggerOptions({ env: 'development', logLevel: 'info' }, tty))).toBe(true);
  });
});

describe('request lines', () => {
  it('tells the API from the web app', () => {
    expect(isWebAppRequest('/api/auth/login')).toBe(false);
    expect(isWebAppRequest('/api?x=1')).toBe(false);
    expect(isWebAppRequest('/api')).toBe(false);
    expect(isWebAppRequest('/')).toBe(true);
    expect(isWebAppRequest('/assets/app-1a2b.js')).toBe(true);
    expect(isWebAppRequest('/apidocs')).toBe(true);
  });

  let close: (() => Promise<void>) | undefined;
  afterEach(() => close?.());

  async function appLogging(level: string) {
    const lines: { level: number; msg: string; req?: { url: string }; responseTime?: number }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level, stream }, logController: new PortalLogController() });
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/assets/app.js', async () => 'console.log(1)');
    app.get('/assets/broken.js', async () => {
      throw new Error('disk gone');
    });
    close = () => app.close();
    return { app, lines };
  }

  it('logs API requests at info and the web app’s files at debug only', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject('/api/thing');
    await app.inject('/assets/app.js');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.req?.url).toBe('/api/thing');
    expect(lines.every((l) => l.level === 30)).toBe(true);
    expect(String(lines[1]!.responseTime)).toMatch(/^\d+(\.\d)?$/);

    const debug = await appLogging('debug');
    await debug.app.inject('/assets/app.js');
    expect(debug.lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
  });

  it('logs a failed request for a file all the same', async () => {
    const { app, lines } = await appLogging('info');
    expect((await app.inject('/assets/broken.js')).statusCode).toBe(500);
    expect(lines.some((l) => l.level >= 50 && JSON.stringify(l).includes('disk gone'))).toBe(true);
  });
});
