// Start the portal (API + built web app) as a child process on a port and wait until it answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** `logFile`, when given, receives the portal's log (its standard output); it is dropped otherwise. */
export async function startPortal({
  port,
  env = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-')),
  logFile,
}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    dataDir,
    pid: child.pid,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

export async function api(base, method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Sign in as the demo root user, reading the two-factor code from the development outbox: at
 * `outboxBase`, an instance itself when `base` is a proxy (the outbox answers direct callers only).
 */
export async function demoRootToken(
  base,
  password = process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!',
  { outboxBase = base } = {},
) {
  const outbox = () => api(outboxBase, 'GET', '/api/dev/outbox?to=demo@example.com');
  const before = (await outbox())[0]?.id ?? 0;
  const first = await api(base, 'POST', '/api/auth/login', { account: 'demo@example.com', password });
  if (first.token) return first.token;
  // Mail is sent by a job a moment after the answer: wait for the code of this sign-in.
  let mail;
  for (let i = 0; i < 50 && !mail; i++) {
    mail = (await outbox()).find((m) => m.id > before);
    if (!mail) await new Promise((r) => setTimeout(r, 200));
  }
  if (!mail) throw new Error('no two-factor mail to demo@example.com');
  const code = /\b(\d{6})\b/.exec(mail.text)[1];
  return (await api(base, 'POST', '/api/auth/2fa/verify', { challenge: first.challenge, tfa_code: code }))
    .token;
}
