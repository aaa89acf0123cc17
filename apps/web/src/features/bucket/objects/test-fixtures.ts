import type { Bucket, ObjectEntry } from '@portal/shared';

/** A bucket as the API answers it. */
export const BUCKET: Bucket = {
  name: 'photos',
  s3Name: 't0123456789a-photos',
  isPublic: false,
  sizeBytes: 0,
  objectCount: 0,
  measuredAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  keysIssued: true,
};

export const folder = (key: string): ObjectEntry => ({
  key,
  name: key.slice(0, -1).split('/').pop()!,
  type: 'folder',
  size: null,
  lastModified: null,
});

export const file = (key: string, size = 1536, lastModified = '2026-11-20T08:30:00.000Z'): ObjectEntry => ({
  key,
  name: key.split('/').pop()!,
  type: 'file',
  size,
  lastModified,
});
