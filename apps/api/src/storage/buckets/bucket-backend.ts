import type { S3Client } from '@aws-sdk/client-s3';

/** One lifecycle rule as the S3 service is told it (the portal's rows, lifecycle module). */
export interface LifecycleRuleSpec {
  id: string;
  prefix: string;
  tag?: { key: string; value: string };
  expirationDays: number;
  enabled: boolean;
}

/** A customer key's reach: every bucket of the tenant, or one of them (its S3 name). */
export interface KeyGrant {
  accessKeyId: string;
  secretAccessKey: string;
  tenantPrefix: string;
  bucket?: string;
}

/**
 * The customers' buckets on an S3 service (decision 0022). The portal acts with its own key after
 * checking the caller may; what S3 keeps (objects, their sizes, tags) is asked of S3, what it
 * does not (a bucket's owner, its lifecycle rules on the embedded server, keys' names) is ours.
 */
export interface BucketBackend {
  /** The portal's client, with the service's administrative key. */
  client: S3Client;
  /** Where customers' S3 clients, presigned links and public URLs reach the service. */
  publicEndpoint: string;
  region: string;
  /**
   * Who expires objects: the service from its bucket lifecycle configuration, or the portal's job
   * where the service has none (the embedded server).
   */
  lifecycle: 'service' | 'portal';
  /**
   * The service forgets public buckets and customers' keys when it stops (the embedded server):
   * the portal tells it again at each start.
   */
  forgetful: boolean;
  createBucket(s3Name: string): Promise<void>;
  deleteBucket(s3Name: string): Promise<void>;
  /** Anyone may read the bucket's objects, or only signed requests. */
  setPublic(s3Name: string, isPublic: boolean): Promise<void>;
  /** Tells a lifecycle-keeping service the bucket's rules (none: removes its configuration). */
  putLifecycle(s3Name: string, rules: LifecycleRuleSpec[]): Promise<void>;
  /** A GET link of the object, valid `seconds` from `signedAt`. */
  presignGet(s3Name: string, key: string, seconds: number, signedAt: Date): Promise<string>;
  /**
   * The `CopySource` of a copy of the object, as this service reads it: S3 decodes each escape,
   * the embedded server only those `decodeURI` does (so '?' or '+' must come as they are).
   */
  copySource(s3Name: string, key: string): string;
  /** The object's address for anyone, meaningful while the bucket is public. */
  objectUrl(s3Name: string, key: string): string;
  /**
   * Customers' own key pairs, where the service can scope them to a tenant's buckets; null where
   * the portal cannot issue such keys (the key tab says so).
   */
  keys: {
    grant(grant: KeyGrant): Promise<void>;
    revoke(accessKeyId: string): Promise<void>;
  } | null;
  close(): Promise<void>;
}
