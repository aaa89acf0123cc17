import { describe, expect, it } from 'vitest';
import type { KoaContext } from '@20minutes/s3rver';
import { accessKeyOf, embeddedGate, newEmbeddedAccess } from './embedded-gate.js';

const ADMIN = 'PORTALADMIN';
const access = newEmbeddedAccess();
access.keys.set('TENANTKEY', { tenantPrefix: 'tabc-' });
access.keys.set('ONEBUCKET', { tenantPrefix: 'tabc-', bucket: 'tabc-photos' });
access.publicBuckets.add('tabc-site');
const gate = embeddedGate(access, ADMIN);

const v4 = (key: string) =>
  `AWS4-HMAC-SHA256 Credential=${key}/20261126/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=x`;

/** Whether the gate lets the request through to s3rver. */
async function passes(method: string, path: string, key?: string, headers: Record<string, string> = {}) {
  const ctx = {
    method,
    path,
    query: {},
    headers: { ...(key ? { authorization: v4(key) } : {}), ...headers },
    status: 200,
    body: undefined,
  } as unknown as KoaContext;
  let through = false;
  await gate(ctx, async () => {
    through = true;
  });
  return through;
}

describe('the embedded S3 gate', () => {
  it('reads the access key of SigV4 and V2 headers and presigned queries', () => {
    expect(accessKeyOf({ authorization: v4('AK1') }, {})).toBe('AK1');
    expect(accessKeyOf({ authorization: 'AWS AK2:sig' }, {})).toBe('AK2');
    expect(accessKeyOf({}, { 'X-Amz-Credential': 'AK3/20261126/us-east-1/s3/aws4_request' })).toBe('AK3');
    expect(accessKeyOf({}, { AWSAccessKeyId: 'AK4' })).toBe('AK4');
    expect(accessKeyOf({}, {})).toBeNull();
  });

  it("lets a customer's key at its own buckets' objects only", async () => {
    expect(await passes('PUT', '/tabc-photos/a.jpg', 'TENANTKEY')).toBe(true);
    expect(await passes('GET', '/tabc-photos', 'TENANTKEY')).toBe(true);
    expect(await passes('GET', '/txyz-photos/a.jpg', 'TENANTKEY')).toBe(false);
    expect(await passes('GET', '/portal/identity/1.png', 'TENANTKEY')).toBe(false);
    expect(await passes('GET', '/', 'TENANTKEY')).toBe(false);
    expect(await passes('PUT', '/tabc-new', 'TENANTKEY')).toBe(false);
    expect(await passes('DELETE', '/tabc-photos', 'TENANTKEY')).toBe(false);
    expect(await passes('PUT', '/tabc-other/a', 'ONEBUCKET')).toBe(false);
    expect(await passes('PUT', '/tabc-photos/a', 'ONEBUCKET')).toBe(true);
  });

  it("refuses a copy from another tenant's bucket into the customer's own", async () => {
    const from = (source: string) =>
      passes('PUT', '/tabc-photos/stolen', 'TENANTKEY', { 'x-amz-copy-source': source });
    expect(await from('/txyz-secrets/payroll.xlsx')).toBe(false);
    expect(await from('txyz-secrets/payroll.xlsx')).toBe(false);
    expect(await from('/tabc-site/index.html')).toBe(true);
  });

  it('lets anyone read objects of public buckets and nothing else; unknown keys are refused', async () => {
    expect(await passes('GET', '/tabc-site/index.html')).toBe(true);
    expect(await passes('GET', '/tabc-site')).toBe(false);
    expect(await passes('PUT', '/tabc-site/index.html')).toBe(false);
    expect(await passes('GET', '/tabc-photos/a.jpg')).toBe(false);
    expect(await passes('GET', '/tabc-photos/a.jpg', 'STRANGER')).toBe(false);
    expect(await passes('DELETE', '/anything', ADMIN)).toBe(true);
  });
});
