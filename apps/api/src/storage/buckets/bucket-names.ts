import { createHash } from 'node:crypto';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The prefix of every S3 name of a tenant's buckets: 12 characters drawn from its id. S3 names are
 * global, the portal's per tenant, so two tenants' "photos" are two S3 buckets; the embedded
 * gate scopes a customer key by this prefix.
 */
export const tenantBucketPrefix = (clientId: string) => `t${sha(`bucket-tenant:${clientId}`).slice(0, 11)}-`;

/**
 * The S3 name of a tenant's bucket: its prefix and the bucket's name, cut to S3's 63 characters
 * with a digest of the whole name when it is longer (names are unique per tenant, so are these).
 */
export function s3BucketName(clientId: string, name: string): string {
  const prefix = tenantBucketPrefix(clientId);
  const whole = `${prefix}${name}`;
  if (whole.length <= 63) return whole;
  return `${prefix}${name.slice(0, 63 - prefix.length - 13)}-${sha(name).slice(0, 12)}`;
}
