import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { createS3Client } from './s3-client.js';

it('no command leaves the portal with a key that climbs out of its bucket', async () => {
  // Nothing listens there: a command that got past the check would fail otherwise.
  const client = createS3Client({
    endpoint: 'http://127.0.0.1:9',
    region: 'us-east-1',
    accessKey: 'a',
    secretKey: 'b',
  });
  const commands = [
    new GetObjectCommand({ Bucket: 'b', Key: '../other/x' }),
    new PutObjectCommand({ Bucket: 'b', Key: 'a/%2e%2e/%2e%2e/x', Body: 'x' }),
    new DeleteObjectsCommand({ Bucket: 'b', Delete: { Objects: [{ Key: 'ok' }, { Key: '..\\x' }] } }),
    new CopyObjectCommand({ Bucket: 'b', Key: 'copy', CopySource: 'b/../other/x' }),
  ];
  for (const command of commands) {
    const refusal = await client.send(command as never).catch((error: unknown) => error);
    expect(refusal, command.constructor.name).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('ILLEGAL_OBJECT_KEY');
  }
  client.destroy();
});
