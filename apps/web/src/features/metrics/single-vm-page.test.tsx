import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VmStatus, type MetricVm, type VmMetrics } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import SingleVmPage from './single-vm-page';

afterEach(() => vi.unstubAllGlobals());

const vm = (n: number, status: VmStatus = VmStatus.RUNNING): MetricVm => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `vm-${n}`,
  status,
  privateIP: `10.0.0.${10 + n}`,
});
const VMS = [vm(1, VmStatus.STOPPED), vm(2), vm(3), vm(4), vm(5)];
const metricsOf = (v: MetricVm): VmMetrics => ({
  vm: { uuid: v.uuid, name: v.name, status: v.status },
  window: '1h',
  from: '2026-11-26T08:00:00.000Z',
  to: '2026-11-26T08:01:00.000Z',
  stepSeconds: 60,
  at: ['2026-11-26T08:00:00.000Z'],
  sampleSeconds: 60,
  samples: 1,
  series: { cpuPct: [10], memPct: [20], diskReadBps: [0], diskWriteBps: [0], netInBps: [0], netOutBps: [0] },
  latest: {
    at: '2026-11-26T08:00:00.000Z',
    cpuPct: 10,
    memPct: 20,
    diskReadBps: 0,
    diskWriteBps: 0,
    netInBps: 0,
    netOutBps: 0,
  },
});

describe('the VM monitoring page', () => {
  it('starts with the first three running VMs, compared on one table and the charts', async () => {
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/metrics/vms') return page(VMS, VMS.length, 0, 20);
      const found = VMS.find((v) => url.pathname === `/api/metrics/vms/${v.uuid}`);
      return found ? json(200, { data: metricsOf(found) }) : undefined;
    });
    renderInApp(<SingleVmPage />, '/singleVM');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/singleVM?vms=${[2, 3, 4].map((n) => vm(n).uuid).join('%2C')}`,
      ),
    );
    const table = await screen.findByTestId('metrics-vm-table');
    expect(table.textContent).toContain('vm-2');
    expect(table.textContent).toContain('vm-4');
    expect(table.textContent).not.toContain('vm-1');
    expect((await screen.findByTestId('metric-chart-cpuPct')).getAttribute('data-points')).toBe('3');
    const asked = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x'));
    expect(
      asked
        .filter((u) => u.pathname.startsWith('/api/metrics/vms/'))
        .every((u) => u.searchParams.get('window') === '1h'),
    ).toBe(true);
  });
});
