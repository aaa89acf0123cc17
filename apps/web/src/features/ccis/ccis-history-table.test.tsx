import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvLines } from '../../test/downloads';
import { ROOT, fakeApi, pageOf, renderInApp } from '../../test/resource-kit';
import { CcisHistoryTable } from './ccis-history-table';
import { ccisTerm } from './test-fixtures';

afterEach(() => vi.restoreAllMocks());

const term = (n: number) => ccisTerm({ orderId: `DS20260110-${String(n).padStart(6, '0')}` });

describe('the data-store contract history', () => {
  it('exports every page of the history as CSV, not only the one on screen', async () => {
    const all = Array.from({ length: 1001 }, (_, i) => term(i));
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname !== '/api/data-store/history') return undefined;
      return pageOf(all, url);
    });
    const saved = captureDownloads();
    renderInApp(<CcisHistoryTable />, '/purchaseCCIS');
    await screen.findByText('DS20260110-000000');
    fireEvent.click(screen.getByTestId('ccis-history-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const pages = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://portal.test'))
      .filter((u) => u.pathname === '/api/data-store/history')
      .slice(1)
      .map((u) => [u.searchParams.get('page'), u.searchParams.get('limit')]);
    expect(pages).toEqual([
      ['0', '1000'],
      ['1', '1000'],
    ]);
    const lines = await csvLines(saved[0]!);
    expect(lines[0]).toBe(
      'Order,Change,Months,Begins,Expires,Commitment (GB),NT$ / month,Auto-renew,Bought by,Modified',
    );
    expect(lines[1]).toBe(
      'DS20260110-000000,New,12,2026-11-26,2027-11-26,1300,715.0000,Y,demo@example.com,2026-11-26T04:00:00.000Z',
    );
    expect(lines).toHaveLength(1003);
  });
});
