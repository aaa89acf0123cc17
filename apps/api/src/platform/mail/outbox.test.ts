import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeEnv } from '../../config.js';
import { build } from '../../../test/build.js';

/** An app on `env` whose log lines the test reads, and a two-factor sign-in that mails a code. */
async function appLogging(env: NodeEnv) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await build({ config: { env }, logger: { level: 'info', stream } });
  const signIn = async () => {
    const { client, root } = await t.createTenant({ twoFa: true });
    expect((await t.login(t.loginBody(root, client))).statusCode).toBe(200);
    return { to: root.account, code: await t.outbox.code(root.account) };
  };
  return { t, lines, signIn };
}

describe('the outbox in production (MAIL_OUTBOX=1)', () => {
  let app: Awaited<ReturnType<typeof appLogging>>;
  beforeAll(async () => {
    app = await appLogging('production');
  });
  afterAll(() => app.t.close());

  it('keeps the mail, and logs whom it is for, never its text', async () => {
    const { to, code } = await app.signIn();
    const kept = app.lines.filter((l) => l.includes('mail kept in outbox'));
    expect(kept.some((l) => l.includes(to))).toBe(true);
    expect(app.lines.filter((l) => l.includes(code) || l.includes('verification code is'))).toEqual([]);
  });
});

describe('the outbox in development', () => {
  let app: Awaited<ReturnType<typeof appLogging>>;
  beforeAll(async () => {
    app = await appLogging('development');
  });
  afterAll(() => app.t.close());

  it('shows the text in the log, so a laptop needs no mail server', async () => {
    const { code } = await app.signIn();
    expect(app.lines.some((l) => l.includes('mail kept in outbox') && l.includes(code))).toBe(true);
  });
});
