import type { ErrorCode } from '@portal/shared';
import { AppError } from '../../platform/errors.js';

/** S3's error names the spec's catalogue has a code for (section 8, "Storage"). */
const CODE_OF_S3: Readonly<Record<string, { status: number; code: ErrorCode }>> = {
  NoSuchBucket: { status: 404, code: 'NO_SUCH_BUCKET' },
  NoSuchKey: { status: 404, code: 'NO_SUCH_KEY' },
  NotFound: { status: 404, code: 'NO_SUCH_KEY' },
  KeyTooLongError: { status: 400, code: 'KEY_TOO_LONG' },
  // The embedded server's and MinIO's answer to a key that cannot be a path in the bucket.
  InvalidObjectName: { status: 400, code: 'ILLEGAL_OBJECT_KEY' },
  XMinioInvalidObjectName: { status: 400, code: 'ILLEGAL_OBJECT_KEY' },
  InvalidAccessKeyId: { status: 400, code: 'INVALID_ACCESS_KEY_ID' },
  BucketNotEmpty: { status: 400, code: 'BUCKET_NOT_EMPTY' },
};

/**
 * The S3 service's refusal as the portal's answer: a known one by its code, anything else
 * AMAZON_SERVICE_ERROR (502: the service, not the caller, failed). Our own AppErrors pass.
 */
export function s3Refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const name = (error as { name?: string; Code?: string }).name ?? (error as { Code?: string }).Code ?? '';
  const known = CODE_OF_S3[name];
  return known ? new AppError(known.status, known.code) : new AppError(502, 'AMAZON_SERVICE_ERROR');
}

/** Runs a call to the S3 service, answering its refusals with the portal's codes. */
export async function s3<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw s3Refusal(error);
  }
}
