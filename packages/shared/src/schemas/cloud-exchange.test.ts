import { describe, expect, it } from 'vitest';
import { cloudExchangeCreateSchema, PAIR_KEY_EXAMPLES, pairKeyRule } from './cloud-exchange.js';
import {
  maskKeyId,
  parseGcpServiceAccountKey,
  publicCloudCredentialFormSchema,
  publicCloudCredentialProblems,
} from './public-cloud.js';

/** A VPC's id (the schema takes any UUID; the server looks it up). */
const VPC = '3f2b8c4e-1d5a-4c7b-9e0f-2a6b8c1d3e5f';

const GCP_KEY = JSON.stringify({
  type: 'service_account',
  project_id: 'portal-sync',
  private_key_id: 'abc',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  client_email: 'sync@portal-sync.iam.gserviceaccount.com',
});

describe('pair keys', () => {
  it('takes each provider’s own format', () => {
    expect(pairKeyRule(1)('dxcon-fg5678gh')).toBe(true);
    expect(pairKeyRule(1)('dxcon-ffre0ec3')).toBe(true);
    expect(pairKeyRule(2)('2dfcdee7-b6f9-41d0-b98f-639151097693/us-west1/1')).toBe(true);
    expect(pairKeyRule(2)('7e51371e-72a3-40b5-b844-2e3efefaee59/northamerica-northeast1/2')).toBe(true);
    expect(pairKeyRule(2)('7e51371e-72a3-40b5-b844-2e3efefaee59/asia-east1/any')).toBe(true);
    expect(pairKeyRule(3)('64ce99dd-ee70-4e74-b6b8-91c6307433a0')).toBe(true);
    expect(pairKeyRule(4)('b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d')).toBe(true);
    for (const [type, example] of Object.entries(PAIR_KEY_EXAMPLES))
      expect(pairKeyRule(Number(type) as 1)(example)).toBe(true);
  });

  it('refuses another provider’s key, and malformed ones, with the provider’s message', () => {
    expect(pairKeyRule(1)('dxlag-fg5678gh')).toBe('validation.pairKey.aws');
    expect(pairKeyRule(1)('DXCON-FG5678GH')).toBe('validation.pairKey.aws');
    expect(pairKeyRule(1)('dxcon-abc')).toBe('validation.pairKey.aws');
    expect(pairKeyRule(1)('64ce99dd-ee70-4e74-b6b8-91c6307433a0')).toBe('validation.pairKey.aws');
    expect(pairKeyRule(2)('2dfcdee7-b6f9-41d0-b98f-639151097693/us-west1/3')).toBe('validation.pairKey.gcp');
    expect(pairKeyRule(2)('2dfcdee7-b6f9-41d0-b98f-639151097693/us-west1')).toBe('validation.pairKey.gcp');
    expect(pairKeyRule(2)('2dfcdee7-b6f9-41d0-b98f-639151097693')).toBe('validation.pairKey.gcp');
    expect(pairKeyRule(3)('64ce99dd-ee70-4e74-b6b8-91c6307433a')).toBe('validation.pairKey.azure');
    expect(pairKeyRule(3)('dxcon-fg5678gh')).toBe('validation.pairKey.azure');
    expect(pairKeyRule(4)('')).toBe('validation.pairKey.ccx');
  });

  it('puts the problem on the pair key of an order', () => {
    const bad = cloudExchangeCreateSchema.safeParse({ ccxType: 3, vpcUuid: VPC, pairKey: 'dxcon-fg5678gh' });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['pairKey'], message: 'validation.pairKey.azure' }),
    ]);
    const good = cloudExchangeCreateSchema.safeParse({
      ccxType: 1,
      vpcUuid: VPC,
      pairKey: ' dxcon-fg5678gh ',
    });
    expect(good.data?.pairKey).toBe('dxcon-fg5678gh');
    expect(cloudExchangeCreateSchema.safeParse({ ccxType: 5, vpcUuid: VPC, pairKey: 'x' }).success).toBe(
      false,
    );
  });
});

describe('public-cloud credentials', () => {
  it('names the missing fields of each provider before their formats', () => {
    expect(publicCloudCredentialProblems({ type: 1, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' })).toEqual({
      missing: { secretAccessKey: 'validation.notEmpty' },
      format: {},
    });
    expect(publicCloudCredentialProblems({ type: 2 }).missing).toEqual({
      credentialsJson: 'validation.notEmpty',
    });
    expect(Object.keys(publicCloudCredentialProblems({ type: 3, applicationId: 'x' }).missing)).toEqual([
      'applicationPassword',
      'directoryId',
      'subscriptionId',
    ]);
  });

  it('checks the formats: AWS key id, a GCP service account key, Azure GUIDs', () => {
    expect(
      publicCloudCredentialProblems({ type: 1, accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 's' }),
    ).toEqual({ missing: {}, format: {} });
    expect(
      publicCloudCredentialProblems({ type: 1, accessKeyId: 'akia', secretAccessKey: 's' }).format,
    ).toEqual({
      accessKeyId: 'validation.publicCloud.awsAccessKeyId',
    });
    expect(publicCloudCredentialProblems({ type: 2, credentialsJson: GCP_KEY }).format).toEqual({});
    expect(publicCloudCredentialProblems({ type: 2, credentialsJson: '{"type":"user"}' }).format).toEqual({
      credentialsJson: 'validation.publicCloud.gcpKey',
    });
    const guid = '64ce99dd-ee70-4e74-b6b8-91c6307433a0';
    expect(
      publicCloudCredentialProblems({
        type: 3,
        applicationId: guid,
        applicationPassword: 'p',
        directoryId: 'tenant',
        subscriptionId: guid,
      }).format,
    ).toEqual({ directoryId: 'validation.publicCloud.guid' });
    expect(
      publicCloudCredentialFormSchema.safeParse({ type: 1, accessKeyId: '' }).error?.issues,
    ).toHaveLength(2);
  });

  it('reads a service account key file and refuses anything else', () => {
    expect(parseGcpServiceAccountKey(GCP_KEY)).toMatchObject({
      project_id: 'portal-sync',
      client_email: 'sync@portal-sync.iam.gserviceaccount.com',
    });
    expect(parseGcpServiceAccountKey('not json')).toBeNull();
    expect(parseGcpServiceAccountKey('[]')).toBeNull();
    expect(
      parseGcpServiceAccountKey(JSON.stringify({ ...JSON.parse(GCP_KEY), private_key: 'x' })),
    ).toBeNull();
  });

  it('masks long ids', () => {
    expect(maskKeyId('AKIAIOSFODNN7EXAMPLE')).toBe('AKIA••••MPLE');
    expect(maskKeyId('short')).toBe('short');
  });
});
