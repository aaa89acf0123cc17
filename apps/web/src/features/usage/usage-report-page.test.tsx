import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageLine, UsageReport } from '@portal/shared';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import UsageReportPage from './usage-report-page';

afterEach(() => vi.restoreAllMocks());

const line = (resourceId: string, name: string, over: Partial<UsageLine> = {}): UsageLine => ({
  kind: 'vm',
  resourceId,
  name,
  detail: '2 vCPU / 4 GB',
  code: 'vm.vcpu',
  unit: 'vcpuHour',
  per: 1,
  quantity: '1440',
  hours: 720,
  amount: '864.0000',
  firstHour: '2026-03-01T00:00:00.000Z',
  lastHour: '2026-03-30T23:00:00.000Z',
  ...over,
});

const report = (lines: UsageLine[]): UsageReport => ({
  month: '2026-03',
  timeZone: 'Asia/Taipei',
  currency: 'TWD',
  meteredThrough: null,
  lines: { records: lines, total: lines.length, page: 0, limit: 10 },
  kinds: [{ kind: 'vm', amount: '1728.0000' }],
  total: '1728.0000',
  prices: { 'vm.vcpu': { nameC: '虛擬機 vCPU', nameE: 'VM vCPU', unit: 'vCPU-hour', unitPrice: '0.6000' } },
});

describe('<UsageReportPage>', () => {
  it('exports the selected lines as CSV, named as the table names them', async () => {
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/usage/report')
        return json(200, { data: report([line('v-1', 'web-01'), line('v-2', 'web-02')]) });
      if (url.pathname === '/api/usage/daily') return json(200, { data: { month: '2026-03', days: [] } });
      return undefined;
    });
    const saved = captureDownloads();
    renderInApp(<UsageReportPage />, '/usageReport');
    await screen.findByText('web-02');
    fireEvent.click(screen.getByTestId('usage-select-vm:v-2:vm.vcpu:2 vCPU / 4 GB'));
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByTestId('usage-bulk-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await csvLines(saved[0]!)).toEqual([
      'Kind,Resource,Details,Item,Quantity,Hours,Amount (NT$)',
      'Virtual machine,web-02,2 vCPU / 4 GB,VM vCPU,1440 vCPU-hours,720,864.0000',
      '',
    ]);
    expect(fetchMock.mock.calls).toHaveLength(before);
  });
});
