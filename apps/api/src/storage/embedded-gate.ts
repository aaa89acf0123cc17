import type { KoaContext } from '@20minutes/s3rver';
import {
  copySourceOf,
  embeddedKeyProblem,
  embeddedRefusal,
  isEmbeddedBucketName,
  isEmbeddedUploadId,
  requestTarget,
} from './embedded-paths.js';

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

type Refusal = { status: number; code: string; message: string };
const ACCESS_DENIED: Refusal = { status: 403, code: 'AccessDenied', message: 'Access Denied' };
const UNKNOWN_KEY: Refusal = {
  status: 403,
  code: 'InvalidAccessKeyId',
  message: 'The AWS Access Key Id you provided does not exist in our records.',
};

function refuse(ctx: KoaContext, { status, code, message }: Refusal) {
  ctx.status = status;
  (ctx as KoaContext & { type: string }).type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/**
 * Whether a bucket and key can be files of that bucket on this server (embedded-paths.ts), as the
 * request names them: decided on the names as s3rver will read them, never on the raw text.
 */
function nameRefusal(target: { bucket: string; key: string }): Refusal | null {
  if (target.bucket === '') return null;
  if (!isEmbeddedBucketName(target.bucket)) return embeddedRefusal('InvalidBucketName');
  const problem = target.key === '' ? null : embeddedKeyProblem(target.key);
  return problem ? embeddedRefusal(problem) : null;
}

/** The refusal of a request, or null to let it through to s3rver. */
function decide(access: EmbeddedAccess, adminKey: string, ctx: KoaContext): Refusal | null {
  const target = requestTarget((ctx as KoaContext & { path: string }).path);
  if (target === null) return embeddedRefusal('InvalidObjectName');
  const named = nameRefusal(target);
  if (named) return named;
  const uploadId = ctx.query.uploadId;
  if (uploadId !== undefined && !(typeof uploadId === 'string' && isEmbeddedUploadId(uploadId))) {
    return embeddedRefusal('NoSuchUpload');
  }
  const header = ctx.headers['x-amz-copy-source'];
  const source = typeof header === 'string' ? copySourceOf(header) : null;
  if (typeof header === 'string') {
    if (source === null) return embeddedRefusal('InvalidObjectName');
    const sourceNamed = nameRefusal(source);
    if (sourceNamed) return sourceNamed;
  }

  const { bucket, key: objectKey } = target;
  const key = accessKeyOf(ctx.headers, ctx.query);
  const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
  if (key === null) {
    const subresource = Object.keys(ctx.query).length > 0;
    const publicRead = reading && objectKey !== '' && !subresource && access.publicBuckets.has(bucket);
    return publicRead ? null : ACCESS_DENIED;
  }
  if (key === adminKey) return null;
  const scope = access.keys.get(key);
  if (!scope) return UNKNOWN_KEY;
  if (bucket === '' || !inScope(scope, bucket)) return ACCESS_DENIED;
  // A copy reads its source: that bucket must be in reach too.
  if (source && !inScope(scope, source.bucket)) return ACCESS_DENIED;
  // On the bucket itself a key may list, and delete many objects at once; nothing else.
  if (objectKey === '' && !(reading || (ctx.method === 'POST' && 'delete' in ctx.query))) {
    return ACCESS_DENIED;
  }
  return null;
}

/**
 * The gate as s3rver (Koa) middleware, for the server whose own key is `adminKey`. It runs just
 * before s3rver's router, after anything that rewrites the path, so it judges the bucket and key
 * the router will act on; the store's own guard (guardStorePaths) stands behind it for the names
 * a request carries in its body.
 */
export function embeddedGate(access: EmbeddedAccess, adminKey: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const refusal = decide(access, adminKey, ctx);
    return refusal ? refuse(ctx, refusal) : next();
  };
}
