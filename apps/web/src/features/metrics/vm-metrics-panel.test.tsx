import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VmStatus, type VmMetrics } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { formatPct, formatRate } from './metric-format';
import VmMetricsPanel from './vm-metrics-panel';

afterEach(() => vi.unstubAllGlobals());

const VM_ID = '0be850e6-3f1c-411f-be85-f4ac3876ad50';
const chart = (over: Partial<VmMetrics> = {}): VmMetrics => {
  const at = Array.from({ length: 3 }, (_, i) => new Date(Date.UTC(2026, 10, 26, 8, i)).toISOString());
  return {
    vm: { uuid: VM_ID, name: 'web-01', status: VmStatus.RUNNING },
    window: '1h',
    from: at[0]!,
    to: '2026-11-26T08:03:00.000Z',
    stepSeconds: 60,
    at,
    sampleSeconds: 60,
    samples: 2,
    series: {
      cpuPct: [12.5, null, 95.25],
      memPct: [40, null, 42],
      diskReadBps: [1024, null, 2048],
      diskWriteBps: [512, null, 512],
      netInBps: [1536, null, 3 * 1024 * 1024],
      netOutBps: [100, null, 200],
    },
    latest: {
      at: at[2]!,
      cpuPct: 95.25,
      memPct: 42,
      diskReadBps: 2048,
      diskWriteBps: 512,
      netInBps: 3 * 1024 * 1024,
      netOutBps: 200,
    },
    ...over,
  };
};

function renderPanel(answer: (window: string) => VmMetrics) {
  const fetchMock = fakeApi(ROOT, (url) => {
    if (url.pathname === `/api/metrics/vms/${VM_ID}`)
      return json(200, { data: answer(url.searchParams.get('window')!) });
    return undefined;
  });
  renderInApp(<VmMetricsPanel vmId={VM_ID} />, `/singleVM/${VM_ID}`);
  return fetchMock;
}

describe('a VM’s metrics panel', () => {
  it('shows the newest sample’s figures with their units, and the charts', async () => {
    renderPanel(() => chart());
    const cpu = await screen.findByTestId('metric-now-cpuPct');
    expect(cpu.textContent).toContain('95.3\u00a0%');
    expect(screen.getByTestId('metric-now-netInBps').textContent).toContain('3\u00a0MB/s');
    expect(screen.getByTestId('metric-now-diskReadBps').textContent).toContain('2\u00a0KB/s');
    expect((await screen.findByTestId('metric-chart-cpu')).getAttribute('data-points')).toBe('2');
    expect(screen.getByText('Refreshes about every minute.')).toBeTruthy();
  });

  it('asks for another window and keeps it in the address', async () => {
    const fetchMock = renderPanel((window) => chart({ window: window as VmMetrics['window'] }));
    await screen.findByTestId('metric-now-cpuPct');
    fireEvent.click(screen.getByTestId('metric-window-12h'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          (c) => new URL(String(c[0]), 'http://x').searchParams.get('window') === '12h',
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('location').textContent).toContain(`/singleVM/${VM_ID}?window=12h`);
  });

  it('says when no sample has come yet, and why a stopped VM sends none', async () => {
    renderPanel(() =>
      chart({
        vm: { uuid: VM_ID, name: 'web-01', status: VmStatus.STOPPED },
        samples: 0,
        latest: null,
        series: chart().series,
      }),
    );
    const empty = await screen.findByTestId('metrics-empty');
    expect(within(empty).getByText('No data yet: samples arrive every minute.')).toBeTruthy();
    expect(empty.textContent).toContain('This VM is Stopped: it sends samples only while it runs.');
  });
});

describe('metric units', () => {
  it('formats percentages and byte rates in the reader’s language, the unit never wrapping', () => {
    expect(formatPct(42.25, 'en')).toBe('42.3\u00a0%');
    expect(formatPct(null, 'en')).toBe('—');
    expect(formatRate(1536, 'en')).toBe('1.5\u00a0KB/s');
    expect(formatRate(0, 'zh-TW')).toBe('0\u00a0B/s');
  });
});
