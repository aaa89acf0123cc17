import { describe, expect, it } from 'vitest';
import { gauge } from './usage-gauge';
import { BUSY_REFRESH_MS, busyRows } from './dashboard-api';
import { kindPath } from './kind-links';
import { USAGE_REFRESH_MS, type Dashboard } from '@portal/shared';

describe('gauge', () => {
  it('fills a bar by the share of the limit, and colours it near and at the limit', () => {
    expect(gauge(5, 20)).toEqual({ percent: 25, color: 'primary' });
    expect(gauge(16, 20)).toEqual({ percent: 80, color: 'warning' });
    expect(gauge(20, 20)).toEqual({ percent: 100, color: 'error' });
    // Over the budget: the bar stays full.
    expect(gauge('6000.0000', '5000.0000')).toEqual({ percent: 100, color: 'error' });
    expect(gauge('1250.5000', '5000.0000').percent).toBeCloseTo(25.01);
  });

  it('shows an empty bar for a limit of nothing or a figure that is not one', () => {
    expect(gauge(3, 0)).toEqual({ percent: 0, color: 'primary' });
    expect(gauge('n/a', 10)).toEqual({ percent: 0, color: 'primary' });
  });
});

describe('dashboard links and refresh', () => {
  it('links a kind to its list and a state to the list filtered by it, where the list can', () => {
    expect(kindPath('vms')).toBe('/vmSetting');
    expect(kindPath('vms', 'running')).toBe('/vmSetting?status=1');
    expect(kindPath('vms', 'unprotected')).toBe('/vmSetting?protected=no');
    expect(kindPath('disks', 'unattached')).toBe('/diskList?attached=no');
    expect(kindPath('alarms', 'alarming')).toBe('/alarm?status=1');
    // "In progress" spans several statuses: no one filter of the list.
    expect(kindPath('vms', 'busy')).toBeNull();
    expect(kindPath('orders', 'aboutToExpire')).toBeNull();
  });

  it('counts the busy rows of every kind (the page then asks every 5 s instead of every minute)', () => {
    const d = {
      at: '',
      counts: {
        vms: { total: 3, states: { busy: 1, running: 2 } },
        firewalls: { total: 2, states: { busy: 2 } },
        buckets: { total: 1, states: {} },
      },
      usage: { limits: [] },
    } satisfies Dashboard;
    expect(busyRows(d)).toBe(3);
    expect(busyRows(undefined)).toBe(0);
    expect(BUSY_REFRESH_MS).toBeLessThan(USAGE_REFRESH_MS);
  });
});
