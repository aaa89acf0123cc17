import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { KoaContext } from '@20minutes/s3rver';
import accounts from '@20minutes/s3rver/lib/models/account.js';
import type { KeyGrant } from './buckets/bucket-backend.js';
import type { S3Credentials } from './embedded-credentials.js';
import type { EmbeddedAccess } from './embedded-gate.js';

/**
 * What the portal tells the embedded server's gate (embedded-gate.ts): which buckets anyone may
 * read, and customers' keys. In the same process it is the gate's own sets; for the portal's S3
 * server run on its own (cli/s3-server.ts, several instances sharing it) it is a signed request.
 */
export interface GateControl {
  setPublic(s3Name: string, isPublic: boolean): Promise<void>;
  grant(grant: KeyGrant): Promise<void>;
  revoke(accessKeyId: string): Promise<void>;
}

/** The gate of a server in this process. */
export function localGate(access: EmbeddedAccess): GateControl {
  return {
    async setPublic(s3Name, isPublic) {
      if (isPublic) access.publicBuckets.add(s3Name);
      else access.publicBuckets.delete(s3Name);
    },
    async grant({ accessKeyId, secretAccessKey, tenantPrefix, bucket }) {
      accounts.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
      access.keys.set(accessKeyId, { tenantPrefix, bucket });
    },
    async revoke(accessKeyId) {
      access.keys.delete(accessKeyId);
      accounts.DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
    },
  };
}

/** No bucket name starts with '_': the control's paths never meet a bucket's. */
const PREFIX = '/_portal/gate/';
/** A signed control request older or younger than this is refused (clocks of two machines). */
const SKEW_MS = 5 * 60 * 1000;
const MAX_BODY_BYTES = 16 * 1024;

const signature = (secretKey: string, method: string, path: string, date: string, body: string) =>
  createHmac('sha256', secretKey).update(`${method}\n${path}\n${date}\n${body}`).digest();

/**
 * The gate of the portal's S3 server at `endpoint`, told over HTTP: each request signed with the
 * server's administrative key (HMAC of method, path, time and body), which never travels itself.
 */
export function remoteGate(endpoint: string, credentials: S3Credentials): GateControl {
  const base = endpoint.replace(/\/+$/, '');
  async function send(method: 'PUT' | 'DELETE', path: string, payload?: object) {
    const body = payload ? JSON.stringify(payload) : '';
    const date = String(Date.now());
    const response = await fetch(base + path, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-portal-date': date,
        'x-portal-signature': signature(credentials.secretKey, method, path, date, body).toString('hex'),
      },
      body: body || undefined,
    });
    if (response.status !== 204)
      throw new Error(`the S3 server's gate refused ${method} ${path}: ${response.status}`);
  }
  const part = encodeURIComponent;
  return {
    setPublic: (s3Name, isPublic) => send(isPublic ? 'PUT' : 'DELETE', `${PREFIX}public/${part(s3Name)}`),
    grant: ({ accessKeyId, ...reach }) => send('PUT', `${PREFIX}keys/${part(accessKeyId)}`, reach),
    revoke: (accessKeyId) => send('DELETE', `${PREFIX}keys/${part(accessKeyId)}`),
  };
}

async function bodyOf(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function signedBy(credentials: S3Credentials, ctx: KoaContext, path: string, body: string): boolean {
  const date = ctx.headers['x-portal-date'];
  const given = ctx.headers['x-portal-signature'];
  if (typeof date !== 'string' || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (!(Math.abs(Date.now() - Number(date)) < SKEW_MS)) return false;
  return timingSafeEqual(
    Buffer.from(given, 'hex'),
    signature(credentials.secretKey, ctx.method, path, date, body),
  );
}

const isGrantReach = (value: unknown): value is Omit<KeyGrant, 'accessKeyId'> => {
  const v = value as Partial<KeyGrant> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.secretAccessKey === 'string' &&
    typeof v.tenantPrefix === 'string' &&
    (v.bucket === undefined || typeof v.bucket === 'string')
  );
};

/**
 * The control's side on the server (Koa middleware, first in line): a signed PUT or DELETE of
 * `/_portal/gate/public/{bucket}` or `/_portal/gate/keys/{id}` changes the gate; anything else
 * under the prefix is refused, and every other path goes on to s3rver.
 */
export function gateControlMiddleware(gate: GateControl, credentials: S3Credentials) {
  return async (ctx: KoaContext & { path: string; req: IncomingMessage }, next: () => Promise<void>) => {
    if (!ctx.path.startsWith(PREFIX)) return next();
    const answer = (status: number) => {
      ctx.status = status;
      ctx.body = status === 204 ? null : '';
    };
    const body = await bodyOf(ctx.req);
    if (body === null) return answer(413);
    if (!signedBy(credentials, ctx, ctx.path, body)) return answer(403);
    const [kind, encoded, ...rest] = ctx.path.slice(PREFIX.length).split('/');
    let name = '';
    try {
      name = encoded ? decodeURIComponent(encoded) : '';
    } catch {
      // not a name: refused below
    }
    if (rest.length > 0 || name === '') return answer(404);
    if (kind === 'public' && (ctx.method === 'PUT' || ctx.method === 'DELETE')) {
      await gate.setPublic(name, ctx.method === 'PUT');
      return answer(204);
    }
    if (kind === 'keys' && ctx.method === 'DELETE') {
      await gate.revoke(name);
      return answer(204);
    }
    if (kind === 'keys' && ctx.method === 'PUT') {
      let reach: unknown;
      try {
        reach = JSON.parse(body);
      } catch {
        return answer(400);
      }
      if (!isGrantReach(reach)) return answer(400);
      await gate.grant({ accessKeyId: name, ...reach });
      return answer(204);
    }
    return answer(404);
  };
}
