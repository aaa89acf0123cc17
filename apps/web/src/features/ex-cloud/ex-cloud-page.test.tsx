import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { ExCloudPage } from './ex-cloud-page';

afterEach(() => vi.unstubAllGlobals());

const EXCHANGE = {
  uuid: 'x-1',
  clientNumber: 'C0001',
  ccxType: 1,
  pairKey: 'dxcon-fgq8x2ma',
  vpcUuid: 'v-1',
  vpcName: 'default',
  status: 2,
  statusReason: null,
  pendingOperation: null,
  createDate: '2026-01-01T00:00:00.000Z',
};

describe('the exCloud page', () => {
  it('starts the tab’s list searched for the address’s search (a console search hit), and drops it with the tab', async () => {
    const asked: URLSearchParams[] = [];
    fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/exchanges') {
        asked.push(url.searchParams);
        return page(url.searchParams.get('ccxType') === '1' ? [EXCHANGE] : []);
      }
      if (url.pathname === '/api/public-cloud-credentials') return page([]);
      if (url.pathname.startsWith('/api/public-clouds/')) return json(200, { data: [] });
      return undefined;
    });
    renderInApp(<ExCloudPage />, '/exCloud?tab=aws&search=dxcon-fgq8x2ma');
    expect(await screen.findByText('dxcon-fgq8x2ma')).toBeTruthy();
    expect(asked[0]!.get('search')).toBe('dxcon-fgq8x2ma');
    expect(asked[0]!.get('ccxType')).toBe('1');
    fireEvent.click(screen.getByTestId('ex-cloud-tab-gcp'));
    await waitFor(() => expect(asked.some((q) => q.get('ccxType') === '2')).toBe(true));
    expect(asked.filter((q) => q.get('ccxType') === '2').every((q) => !q.has('search'))).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/exCloud?tab=gcp');
  });
});
