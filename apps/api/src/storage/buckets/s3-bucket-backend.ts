import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteBucketLifecycleCommand,
  DeleteBucketPolicyCommand,
  GetObjectCommand,
  PutBucketLifecycleConfigurationCommand,
  PutBucketPolicyCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EmbeddedS3 } from '../embedded-s3.js';
import { createS3Client, type S3ClientConfig } from '../s3-client.js';
import type { BucketBackend, LifecycleRuleSpec } from './bucket-backend.js';

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function backend(
  config: S3ClientConfig & { publicEndpoint: string },
  parts: Pick<
    BucketBackend,
    'lifecycle' | 'forgetful' | 'setPublic' | 'putLifecycle' | 'keys' | 'copySource'
  > & {
    close(): Promise<void>;
  },
): BucketBackend {
  const client = createS3Client(config);
  // Links are signed for the address customers reach, which may not be the portal's.
  const signer = createS3Client({ ...config, endpoint: config.publicEndpoint });
  const publicEndpoint = config.publicEndpoint.replace(/\/+$/, '');
  return {
    client,
    publicEndpoint,
    region: config.region,
    lifecycle: parts.lifecycle,
    forgetful: parts.forgetful,
    async createBucket(s3Name) {
      await client.send(new CreateBucketCommand({ Bucket: s3Name }));
    },
    async deleteBucket(s3Name) {
      await client.send(new DeleteBucketCommand({ Bucket: s3Name }));
    },
    setPublic: parts.setPublic,
    putLifecycle: parts.putLifecycle,
    presignGet: (s3Name, key, seconds, signedAt) =>
      getSignedUrl(signer, new GetObjectCommand({ Bucket: s3Name, Key: key }), {
        expiresIn: seconds,
        signingDate: signedAt,
      }),
    objectUrl: (s3Name, key) => `${publicEndpoint}/${s3Name}/${encodeKey(key)}`,
    copySource: parts.copySource,
    keys: parts.keys,
    async close() {
      client.destroy();
      signer.destroy();
      await parts.close();
    },
  };
}

/**
 * The embedded server, in this process or the portal's S3 server shared by several instances: its
 * gate (embedded-gate.ts) keeps public buckets and customers' keys, and the portal's job expires
 * objects, as s3rver has no policies, lifecycle or users.
 */
export function embeddedBucketBackend(
  s3: Pick<EmbeddedS3, 'endpoint' | 'credentials' | 'gate'>,
  publicEndpoint?: string,
): BucketBackend {
  return backend(
    {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKey: s3.credentials.accessKey,
      secretKey: s3.credentials.secretKey,
      publicEndpoint: publicEndpoint ?? s3.endpoint,
    },
    {
      lifecycle: 'portal',
      forgetful: true,
      // s3rver reads the header with decodeURI, which leaves %3F, %2B and the like as they are.
      copySource: (s3Name, key) => `${s3Name}/${encodeURI(key)}`,
      setPublic: (s3Name, isPublic) => s3.gate.setPublic(s3Name, isPublic),
      async putLifecycle() {},
      keys: { grant: (grant) => s3.gate.grant(grant), revoke: (accessKeyId) => s3.gate.revoke(accessKeyId) },
      close: async () => {},
    },
  );
}

const publicReadPolicy = (s3Name: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'PortalPublicRead',
        Effect: 'Allow',
        Principal: '*',
        Action: ['s3:GetObject'],
        Resource: [`arn:aws:s3:::${s3Name}/*`],
      },
    ],
  });

const lifecycleRule = (rule: LifecycleRuleSpec) => ({
  ID: rule.id,
  Status: rule.enabled ? ('Enabled' as const) : ('Disabled' as const),
  Expiration: { Days: rule.expirationDays },
  Filter: rule.tag
    ? rule.prefix
      ? { And: { Prefix: rule.prefix, Tags: [{ Key: rule.tag.key, Value: rule.tag.value }] } }
      : { Tag: { Key: rule.tag.key, Value: rule.tag.value } }
    : { Prefix: rule.prefix },
});

/**
 * An S3-compatible service of the operator's (S3_ENDPOINT: Ceph RGW, MinIO, AWS): public read is a
 * bucket policy, lifecycle the bucket's own configuration. Keys are not issued (decision 0022):
 * each service manages users its own way, outside the S3 API.
 */
export function serviceBucketBackend(config: S3ClientConfig & { publicEndpoint?: string }): BucketBackend {
  const b = backend(
    { ...config, publicEndpoint: config.publicEndpoint ?? config.endpoint },
    {
      lifecycle: 'service',
      forgetful: false,
      copySource: (s3Name, key) => `${s3Name}/${encodeKey(key)}`,
      async setPublic(s3Name, isPublic) {
        if (isPublic) {
          await b.client.send(
            new PutBucketPolicyCommand({ Bucket: s3Name, Policy: publicReadPolicy(s3Name) }),
          );
        } else {
          await b.client.send(new DeleteBucketPolicyCommand({ Bucket: s3Name }));
        }
      },
      async putLifecycle(s3Name, rules) {
        if (rules.length === 0) {
          await b.client.send(new DeleteBucketLifecycleCommand({ Bucket: s3Name }));
          return;
        }
        await b.client.send(
          new PutBucketLifecycleConfigurationCommand({
            Bucket: s3Name,
            LifecycleConfiguration: { Rules: rules.map(lifecycleRule) },
          }),
        );
      },
      keys: null,
      close: async () => {},
    },
  );
  return b;
}
