import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsClient } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import { toastStore } from '../../lib/toast/toast-store';
import { opsToken } from '../ops';
import OpsClientsPage from './ops-clients-page';

const ACME: OpsClient = {
  id: '11111111-1111-4111-8111-111111111111',
  clientNumber: '20260000001',
  companyName: 'Acme Cloud Ltd.',
  createdAt: '2026-11-01T02:00:00.000Z',
  suspendedAt: null,
  suspendedReason: null,
};
const LATE: OpsClient = {
  id: '22222222-2222-4222-8222-222222222222',
  clientNumber: '20260000002',
  companyName: 'Late Payer Co.',
  createdAt: '2026-10-01T02:00:00.000Z',
  suspendedAt: '2026-11-20T02:00:00.000Z',
  suspendedReason: 'Payment 5 days late',
};

/** The API as the server keeps it: the rows change with each suspend and resume sent. */
function serverWith(rows: OpsClient[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    sent.push({ method, url, body });
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const query = new URL(url, 'http://x').searchParams;
    if (method === 'GET' && path === '/ops/clients') {
      const search = (query.get('search') ?? '').toLowerCase();
      const records = rows.filter(
        (r) => r.clientNumber.includes(search) || r.companyName.toLowerCase().includes(search),
      );
      return json(200, { data: { records, total: records.length, page: 0, limit: 20 } });
    }
    const action = /^\/ops\/clients\/([^/]+)\/(suspend|resume)$/.exec(path);
    const row = rows.find((r) => r.id === action?.[1]);
    if (method === 'POST' && action && row) {
      Object.assign(
        row,
        action[2] === 'suspend'
          ? { suspendedAt: '2026-11-27T00:00:00.000Z', suspendedReason: (body as { reason: string }).reason }
          : { suspendedAt: null, suspendedReason: null },
      );
      return json(200, { data: row });
    }
    throw new Error(`Unexpected call ${method} ${url}`);
  });
  return { fetchMock, sent };
}

function renderPage() {
  // The list asks through TanStack Query, as the staff pages do under their query client.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/ops/clients']}>
        <Routes>
          <Route path="/ops/clients" element={<OpsClientsPage />} />
          <Route path="/ops/login" element={<p>staff sign-in</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const row = (clientNumber: string) =>
  screen.getAllByTestId('ops-client-row').find((r) => r.getAttribute('data-client-number') === clientNumber)!;

beforeEach(() => {
  opsToken.set('staff-token');
  toastStore.set([]);
});
afterEach(() => {
  opsToken.clear();
  vi.unstubAllGlobals();
});

describe('<OpsClientsPage>', () => {
  it('sends a signed-out visitor to the staff sign-in without calling the API', async () => {
    opsToken.clear();
    const { fetchMock } = serverWith([]);
    renderPage();
    expect(await screen.findByText('staff sign-in')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists customers with their service state and searches on the server', async () => {
    const { sent } = serverWith([{ ...ACME }, { ...LATE }]);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('ops-client-row')).toHaveLength(2));
    expect(within(row(ACME.clientNumber)).getByText('In service')).toBeTruthy();
    expect(within(row(LATE.clientNumber)).getByText('Suspended')).toBeTruthy();
    expect(within(row(LATE.clientNumber)).getByTestId('ops-client-reason').textContent).toBe(
      'Payment 5 days late',
    );
    fireEvent.change(screen.getByTestId('ops-clients-search'), { target: { value: 'acme' } });
    await waitFor(() => expect(screen.getAllByTestId('ops-client-row')).toHaveLength(1), { timeout: 3000 });
    expect(sent.at(-1)!.url).toContain('search=acme');
  });

  it('suspends with a required reason and resumes after a confirmation', async () => {
    const { sent } = serverWith([{ ...ACME }]);
    renderPage();
    fireEvent.click(await screen.findByTestId(`ops-client-suspend-${ACME.clientNumber}`));
    const confirm = screen.getByTestId('ops-suspend-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('ops-suspend-reason'), { target: { value: '  Invoice overdue  ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(row(ACME.clientNumber).getAttribute('data-suspended')).toBe('true'));
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      url: expect.stringContaining(`/ops/clients/${ACME.id}/suspend`),
      body: { reason: 'Invoice overdue' },
    });
    expect(toastStore.get().map((t) => t.message)).toContain('ops:clients.suspended');

    fireEvent.click(screen.getByTestId(`ops-client-resume-${ACME.clientNumber}`));
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(row(ACME.clientNumber).getAttribute('data-suspended')).toBe('false'));
    expect(sent.filter((s) => s.method === 'POST').at(-1)!.url).toContain(`/ops/clients/${ACME.id}/resume`);
  });
});
