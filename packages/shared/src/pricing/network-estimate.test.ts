import { describe, expect, it } from 'vitest';
import { ChargeMode, RouteLevel } from '../enums/vpc.js';
import {
  balancerMonthlyEstimate,
  exchangeMonthlyEstimate,
  firewallMonthlyEstimate,
  vpcMonthlyEstimate,
} from './network-estimate.js';

/** The seeded price list's network lines (migration 0005). */
const prices = {
  'vpc.fixed.platinum': '180.0000',
  'vpc.fixed.professional': '120.0000',
  'vpc.p95': '150.0000',
  'vpc.transfer': '2.4000',
  'firewall.instance': '150.0000',
  'lb.instance': '1.8000',
  'lb.https': '0.6000',
  'ccx.port': '6000.0000',
};

describe('VPC estimate', () => {
  it('charges fixed bandwidth per Mbps at the route level’s price', () => {
    const professional = vpcMonthlyEstimate(prices, {
      bandwidthLimit: 100,
      routeLevel: RouteLevel.PROFESSIONAL,
      chargeMode: ChargeMode.FIXED,
    });
    expect(professional.lines).toEqual([
      { code: 'vpc.fixed.professional', quantity: 100, amount: '12000.0000' },
    ]);
    expect(professional.rates).toEqual([]);
    const platinum = vpcMonthlyEstimate(prices, {
      bandwidthLimit: 5,
      routeLevel: RouteLevel.PLATINUM,
      chargeMode: ChargeMode.FIXED,
    });
    expect(platinum.total).toBe('900.0000');
  });

  it('has nothing fixed by the 95th percentile or by total quantity, only the rate by use', () => {
    const p95 = vpcMonthlyEstimate(prices, {
      bandwidthLimit: 100,
      routeLevel: RouteLevel.PLATINUM,
      chargeMode: ChargeMode.NINETY_FIVE,
    });
    expect(p95).toEqual({ lines: [], total: '0.0000', rates: [{ code: 'vpc.p95', unitPrice: '150.0000' }] });
    const transfer = vpcMonthlyEstimate(prices, {
      bandwidthLimit: 100,
      routeLevel: RouteLevel.PROFESSIONAL,
      chargeMode: ChargeMode.TOTAL_QUANTITY,
    });
    expect(transfer.rates).toEqual([{ code: 'vpc.transfer', unitPrice: '2.4000' }]);
    expect(transfer.total).toBe('0.0000');
  });

  it('counts no bandwidth that is not a whole number yet', () => {
    const e = vpcMonthlyEstimate(prices, {
      bandwidthLimit: NaN,
      routeLevel: RouteLevel.PLATINUM,
      chargeMode: ChargeMode.FIXED,
    });
    expect(e.total).toBe('0.0000');
  });
});

describe('firewall, load balancer and cloud exchange estimates', () => {
  it('charges a firewall one month of firewall.instance', () => {
    expect(firewallMonthlyEstimate(prices).lines).toEqual([
      { code: 'firewall.instance', quantity: 1, amount: '150.0000' },
    ]);
  });

  it('charges a balancer 730 hours, and HTTPS offload on top for HTTPS', () => {
    // 1.8 × 730 = 1314; 0.6 × 730 = 438
    expect(balancerMonthlyEstimate(prices, { lbProtocol: 'HTTP' }).total).toBe('1314.0000');
    const https = balancerMonthlyEstimate(prices, { lbProtocol: 'HTTPS' });
    expect(https.lines.map((l) => [l.code, l.quantity, l.amount])).toEqual([
      ['lb.instance', 730, '1314.0000'],
      ['lb.https', 730, '438.0000'],
    ]);
    expect(https.total).toBe('1752.0000');
  });

  it('charges a connection its port for the month', () => {
    expect(exchangeMonthlyEstimate(prices).total).toBe('6000.0000');
  });
});
