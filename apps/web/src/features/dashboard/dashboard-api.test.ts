import { describe, expect, it } from 'vitest';
import { USAGE_REFRESH_MS, type Dashboard } from '@portal/shared';
import { BUSY_REFRESH_MS, busyRows } from './dashboard-api';

describe('refresh', () => {
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
