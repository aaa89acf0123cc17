import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutMailLogging } from '../src/platform/mail/smtp-mailer.js';
import { body, build, type TestApp } from './build.js';
import { waitFor } from './wait-for.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback that keeps what it receives. */
async function startSmtpPeer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await build({
    config: { smtpUrl: `smtp://127.0.0.1:${peer.port}`, mailFrom: 'Cloud Portal <portal@example.com>' },
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe('mail over SMTP', () => {
  it('sends the two-factor code to a real SMTP server, and the code signs in', async () => {
    const { client, root } = await t.createTenant({ twoFa: true });
    const login = await t.login(t.loginBody(root, client), { headers: { 'accept-language': 'en' } });
    const { challenge } = body<{ data: { challenge: string } }>(login).data;

    // Sent by a job, a moment after the answer.
    await waitFor(() => peer.received.length > 0, 5000, 'the SMTP peer to receive the mail');
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received as [Received];
    expect(mail.from).toBe('portal@example.com');
    expect(mail.to).toEqual([root.account]);
    expect(mail.raw).toMatch(/^Subject: Your sign-in verification code \(valid 5 minutes\)/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const code = /verification code is (\d{6})/.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verify = await t.request('POST', '/api/auth/2fa/verify', { body: { challenge, tfa_code: code } });
    expect(verify.statusCode).toBe(200);
    // Sent mail is not also kept.
    expect(await t.outbox.list()).toEqual([]);
  });
});

describe('nodemailer logging asked for in SMTP_URL', () => {
  it('is dropped from the connection string, and the rest kept', () => {
    expect(withoutMailLogging('smtp://u:p%40ss@mail:587?debug=true&logger=true&pool=true')).toBe(
      'smtp://u:p%40ss@mail:587?pool=true',
    );
    expect(withoutMailLogging('smtps://mail')).toBe('smtps://mail');
  });

  it('prints nothing of a mail it sends', async () => {
    const printed: string[] = [];
    const spies = [
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' '))),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        printed.push(String(chunk));
        return true;
      }),
    ];
    const noisy = await build({
      config: { smtpUrl: `smtp://127.0.0.1:${peer.port}?logger=true&debug=true` },
    });
    try {
      const { client, root } = await noisy.createTenant({ twoFa: true });
      await noisy.login(t.loginBody(root, client));
      await waitFor(() => peer.received.some((m) => m.to.includes(root.account)), 5000, 'the mail');
    } finally {
      await noisy.close();
      for (const spy of spies) spy.mockRestore();
    }
    expect(printed.filter((line) => /verification code|RCPT TO|DATA/.test(line))).toEqual([]);
  });
});
