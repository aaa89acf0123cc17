import { describe, expect, it } from 'vitest';
import { LbType } from '@portal/shared';
import { withProtocol, withType } from './balancer-form-logic';

const http = {
  lbType: LbType.APPLICATION,
  lbProtocol: 'HTTP' as const,
  lbPort: 80,
  lbUrl: 'shop.example.com',
  lbXforwardedfor: true,
};

describe('the balancer form listener', () => {
  it('moves the usual port with the protocol, and keeps one the user chose', () => {
    expect(withProtocol(http, 'HTTPS')).toMatchObject({
      lbProtocol: 'HTTPS',
      lbPort: 443,
      lbXforwardedfor: true,
    });
    expect(withProtocol({ ...http, lbPort: 8080 }, 'HTTPS').lbPort).toBe(8080);
    expect(withProtocol({ ...http, lbPort: '' }, 'HTTPS').lbPort).toBe(443);
  });

  it('gives a network balancer TCP, no host name and no X-Forwarded-For', () => {
    expect(withType(http, LbType.NETWORK)).toEqual({
      lbType: LbType.NETWORK,
      lbProtocol: 'TCP',
      lbPort: 80,
      lbUrl: '',
      lbXforwardedfor: false,
    });
    expect(withProtocol({ ...http, lbType: LbType.NETWORK, lbProtocol: 'TCP' }, 'UDP').lbPort).toBe(53);
    expect(
      withType({ ...http, lbType: LbType.NETWORK, lbProtocol: 'UDP', lbPort: 53 }, LbType.APPLICATION),
    ).toMatchObject({ lbProtocol: 'HTTP', lbPort: 80 });
  });
});
