import { describe, expect, it } from 'vitest';
import { LbStatus } from '../enums/balancer.js';
import { balancerCreateSchema, balancerProblems } from '../schemas/balancer.js';
import { canChangeBalancer, certificateExpiry } from './balancer.js';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

describe('load balancer rules', () => {
  it('changes only an active balancer or one in error, with nothing under way', () => {
    expect(canChangeBalancer({ status: LbStatus.ACTIVE, pendingOperation: null })).toBe(true);
    expect(canChangeBalancer({ status: LbStatus.ERROR, pendingOperation: null })).toBe(true);
    for (const status of [LbStatus.PROCESSING, LbStatus.UPDATING, LbStatus.DELETING])
      expect(canChangeBalancer({ status, pendingOperation: null })).toBe('LB_STATUS_ERROR');
    expect(canChangeBalancer({ status: LbStatus.ACTIVE, pendingOperation: 'update' })).toBe(
      'LB_STATUS_ERROR',
    );
  });

  it('takes the protocols of its type, XFF and a host name only over HTTP(S)', () => {
    expect(
      balancerProblems({ lbType: 1, lbProtocol: 'HTTP', lbXforwardedfor: true }, { hasCertificate: false }),
    ).toEqual({});
    expect(balancerProblems({ lbType: 1, lbProtocol: 'TCP' }, { hasCertificate: false })).toEqual({
      lbProtocol: 'validation.lbProtocol',
    });
    expect(
      balancerProblems(
        { lbType: 2, lbProtocol: 'UDP', lbXforwardedfor: true, lbUrl: 'a.example' },
        { hasCertificate: false },
      ),
    ).toEqual({ lbXforwardedfor: 'validation.lbXforwardedfor', lbUrl: 'validation.lbUrlNetwork' });
  });

  it('wants a certificate and its key for HTTPS unless one is kept', () => {
    const https = { lbType: 1, lbProtocol: 'HTTPS' };
    expect(balancerProblems(https, { hasCertificate: false })).toEqual({
      lbCertificate: 'validation.notEmpty',
      lbPrivateKey: 'validation.notEmpty',
    });
    expect(balancerProblems(https, { hasCertificate: true })).toEqual({});
    expect(balancerProblems({ ...https, lbCertificate: CERT }, { hasCertificate: true })).toEqual({
      lbPrivateKey: 'validation.notEmpty',
    });
    expect(
      balancerProblems({ ...https, lbCertificate: CERT, lbPrivateKey: KEY }, { hasCertificate: false }),
    ).toEqual({});
    expect(
      balancerProblems(
        { ...https, lbCertificate: KEY, lbPrivateKey: KEY.replace(/PRIVATE/g, 'ENCRYPTED PRIVATE') },
        { hasCertificate: false },
      ),
    ).toEqual({ lbCertificate: 'validation.lbCertificatePem', lbPrivateKey: 'validation.lbKeyPem' });
  });

  it('checks the port and the host name in the schema', () => {
    const base = {
      lbType: 1,
      lbName: 'web',
      lbProtocol: 'HTTP',
      vpcUuid: '3f2b8c4e-1d5a-4c7b-9e0f-2a6b8c1d3e5f',
      vmUuids: ['9c1e7a52-4b3d-4f6e-8a2c-5d7e9f1b3c4a'],
    };
    for (const lbPort of [0, 65536, 1.5]) {
      const issues = balancerCreateSchema.safeParse({ ...base, lbPort }).error?.issues ?? [];
      expect(issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
        'lbPort',
        'validation.needBePort',
      ]);
    }
    expect(
      balancerCreateSchema.safeParse({ ...base, lbPort: 65535, lbUrl: 'Shop.Example.com' }).data?.lbUrl,
    ).toBe('shop.example.com');
    const bad = balancerCreateSchema.safeParse({ ...base, lbPort: 80, lbUrl: 'not a host' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['lbUrl'], message: 'validation.needBeFormat.Host' });
  });

  it('says when a certificate expires soon', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(certificateExpiry(null, now)).toBe('none');
    expect(certificateExpiry('2027-03-01T00:00:00Z', now)).toBe('valid');
    expect(certificateExpiry('2027-01-20T00:00:00Z', now)).toBe('expiring');
    expect(certificateExpiry('2026-12-31T00:00:00Z', now)).toBe('expired');
  });
});
