import type { KoaContext } from '@20minutes/s3rver';

/**
 * What the embedded S3 server lets each caller do (decision 0022). s3rver itself knows one account
 * and checks only signatures; the gate runs before it and decides who may touch which bucket:
 * - the portal's own key: everything;
 * - a customer's key (the bucket tab's API secret keys): objects of the buckets of its scope only
 *   (a copy's source too), never a bucket's creation, deletion or configuration, never the list
 *   of all buckets;
 * - no signature: reading an object of a public bucket, nothing else;
 * - any other key: refused as S3 refuses an unknown key.
 */
export interface EmbeddedAccess {
  /** Customer keys by access key id. */
  keys: Map<string, KeyScope>;
  /** Buckets (their S3 names) whose objects anyone may read. */
  publicBuckets: Set<string>;
}

/** A customer key's reach: the S3 names starting with its tenant's prefix, or one bucket. */
export interface KeyScope {
  tenantPrefix: string;
  /** One bucket's S3 name; undefined is every bucket of the tenant. */
  bucket?: string;
}

export const newEmbeddedAccess = (): EmbeddedAccess => ({ keys: new Map(), publicBuckets: new Set() });

/** The access key id a request is signed with (SigV4 or V2, header or query); null when unsigned. */
export function accessKeyOf(headers: KoaContext['headers'], query: KoaContext['query']): string | null {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const v4 = /Credential=([^/,\s]+)\//.exec(authorization);
    if (v4) return v4[1]!;
    const v2 = /^AWS ([^:\s]+):/.exec(authorization);
    return v2 ? v2[1]! : '';
  }
  const credential = query['X-Amz-Credential'];
  if (typeof credential === 'string') return credential.split('/')[0] ?? '';
  const v2 = query.AWSAccessKeyId;
  if (typeof v2 === 'string') return v2;
  return null;
}

const inScope = (scope: KeyScope, bucket: string) =>
  scope.bucket === undefined ? bucket.startsWith(scope.tenantPrefix) : bucket === scope.bucket;

function refuse(ctx: KoaContext, code: 'AccessDenied' | 'InvalidAccessKeyId', message: string) {
  ctx.status = 403;
  (ctx as KoaContext & { type: string }).type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** The gate as s3rver (Koa) middleware, for the server whose own key is `adminKey`. */
export function embeddedGate(access: EmbeddedAccess, adminKey: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const key = accessKeyOf(ctx.headers, ctx.query);
    const [bucket = '', ...rest] = (ctx as KoaContext & { path: string }).path.slice(1).split('/');
    const objectKey = rest.join('/');
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (key === null) {
      const subresource = Object.keys(ctx.query).length > 0;
      if (reading && objectKey !== '' && !subresource && access.publicBuckets.has(bucket)) return next();
      return refuse(ctx, 'AccessDenied', 'Access Denied');
    }
    if (key === adminKey) return next();
    const scope = access.keys.get(key);
    if (!scope) {
      return refuse(
        ctx,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    if (bucket === '' || !inScope(scope, bucket)) return refuse(ctx, 'AccessDenied', 'Access Denied');
    // A copy reads its source: that bucket must be in reach too.
    const copySource = ctx.headers['x-amz-copy-source'];
    if (typeof copySource === 'string') {
      const sourceBucket = decodeURIComponent(copySource).replace(/^\//, '').split('/')[0] ?? '';
      if (!inScope(scope, sourceBucket)) return refuse(ctx, 'AccessDenied', 'Access Denied');
    }
    // On the bucket itself a key may list, and delete many objects at once; nothing else.
    if (objectKey === '' && !(reading || (ctx.method === 'POST' && 'delete' in ctx.query))) {
      return refuse(ctx, 'AccessDenied', 'Access Denied');
    }
    return next();
  };
}
