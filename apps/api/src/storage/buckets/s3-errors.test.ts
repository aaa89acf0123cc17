import { expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { s3Refusal } from './s3-errors.js';

const answer = (error: unknown) => {
  const refusal = s3Refusal(error);
  return [refusal.status, refusal.code];
};

it("answers the S3 service's refusals with the catalogue's storage codes", () => {
  expect(answer({ name: 'NoSuchBucket' })).toEqual([404, 'NO_SUCH_BUCKET']);
  expect(answer({ name: 'NoSuchKey' })).toEqual([404, 'NO_SUCH_KEY']);
  expect(answer({ name: 'NotFound' })).toEqual([404, 'NO_SUCH_KEY']);
  expect(answer({ name: 'KeyTooLongError' })).toEqual([400, 'KEY_TOO_LONG']);
  expect(answer({ name: 'InvalidAccessKeyId' })).toEqual([400, 'INVALID_ACCESS_KEY_ID']);
  expect(answer({ Code: 'BucketNotEmpty' })).toEqual([400, 'BUCKET_NOT_EMPTY']);
});

it('answers anything else as the service failing, and lets our own refusals pass', () => {
  expect(answer({ name: 'SlowDown' })).toEqual([502, 'AMAZON_SERVICE_ERROR']);
  expect(answer(new Error('socket hang up'))).toEqual([502, 'AMAZON_SERVICE_ERROR']);
  expect(answer(new AppError(409, 'CONFLICT'))).toEqual([409, 'CONFLICT']);
});
