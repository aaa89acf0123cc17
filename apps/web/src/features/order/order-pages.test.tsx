import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Order, type OrderQuote, type Vm, VmStatus } from '@portal/shared';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, bulkFinished, fakeApi, page, renderInApp } from '../../test/resource-kit';
import OrderCreatePage from './order-create-page';
import OrderHistoryPage from './order-history-page';
import OrderManagePage from './order-manage-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const vm = (name: string, over: Partial<Vm> = {}): Vm =>
  ({
    uuid: `uuid-${name}`,
    name,
    status: VmStatus.RUNNING,
    pendingOperation: null,
    cpuCore: 2,
    ramSize: 16,
    templateOSName: 'Debian 12',
    isAnnual: false,
    monthlyPrice: '6146.6000',
    ...over,
  }) as Vm;

const quote: OrderQuote = {
  vmId: 'uuid-cache-01',
  months: 12,
  orderDate: '2026-11-26',
  orderEDate: '2027-11-26',
  monthly: {
    lines: [
      { code: 'vm.vcpu.annual', quantity: 1460, amount: '876.0000' },
      { code: 'vm.ram.annual', quantity: 11680, amount: '3504.0000' },
    ],
    total: '4380.0000',
    rates: [],
  },
  term: '52560.0000',
  onDemandMonthly: { lines: [], total: '6146.6000', rates: [] },
  onDemandTerm: '73759.2000',
};

const order = (over: Partial<Order>): Order => ({
  id: 'o-1',
  orderNo: 'VM20261126-ABCDEF',
  resType: 'vm',
  resUuid: 'uuid-cache-01',
  resName: 'cache-01',
  cpuCore: 2,
  ramSize: 16,
  commitGb: null,
  contractMonth: 12,
  orderDate: '2026-11-26',
  orderEDate: '2027-11-26',
  status: 1,
  autoRenew: true,
  renewals: 0,
  monthlyPrice: '4380.0000',
  termPrice: '52560.0000',
  account: 'demo@example.com',
  createdAt: '2026-11-26T04:00:00.000Z',
  convertedAt: '2026-11-26T04:00:00.000Z',
  cancelledAt: null,
  endedAt: null,
  version: 1,
  ...over,
});

describe('create annual order', () => {
  it('shows the saving exactly, confirms with the password, and sends one key again on a retry', async () => {
    const sent: { key: string | null; body: unknown }[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/vms' && url.searchParams.get('annual') === 'no')
        return page([vm('ci-runner', { status: VmStatus.ERROR }), vm('cache-01')]);
      if (url.pathname === '/api/orders/quote') return json(200, { data: quote });
      if (url.pathname === '/api/orders' && init.method === 'POST') {
        sent.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(String(init.body)),
        });
        // The first answer is lost on the way back: the customer presses again.
        return sent.length === 1
          ? json(500, { msg: 'INTERNAL_ERROR' })
          : json(201, { data: { ...order({}), events: [], replayed: false } });
      }
      return undefined;
    });
    renderInApp(<OrderCreatePage />, '/order/create');
    // A VM in error cannot be chosen, and says why.
    const broken = await screen.findByTestId('order-vm-ci-runner');
    expect((broken as HTMLInputElement).disabled).toBe(true);
    screen.getByText('The virtual machine cannot do this in its current status.');
    expect((screen.getByTestId('order-submit') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('order-vm-cache-01'));
    await waitFor(() => expect(screen.getByTestId('order-annual-term').textContent).toBe('NT$ 52,560.00'));
    expect(screen.getByTestId('order-annual-total').textContent).toBe('NT$ 4,380.00 / month');
    expect(screen.getByTestId('order-on-demand-term').textContent).toBe('NT$ 73,759.20');
    expect(screen.getByTestId('order-saving').textContent).toBe('NT$ 21,199.20');
    expect(screen.getByTestId('order-term-dates').textContent).toBe('2026-11-26 – 2027-11-26');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      fireEvent.click(screen.getByTestId('order-submit'));
      const dialog = await screen.findByTestId('password-confirm-dialog');
      expect(within(dialog).getByTestId('order-confirm-body').textContent).toContain('NT$ 52,560.00');
      fireEvent.change(within(dialog).getByTestId('password-confirm-input'), {
        target: { value: 'Demo-Portal-2026!' },
      });
      fireEvent.click(within(dialog).getByTestId('password-confirm-submit'));
      await waitFor(() => expect(sent).toHaveLength(attempt + 1));
      if (attempt === 0) fireEvent.keyDown(dialog, { key: 'Escape' });
    }
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual({
      vmId: 'uuid-cache-01',
      months: 12,
      autoRenew: true,
      currentPassword: 'Demo-Portal-2026!',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orderManage'));
  });
});

describe('order management', () => {
  it('offers a cancel within 7 days, explains why not later with a way to support, and sends the data store to its page', async () => {
    fakeApi(ROOT, (url) =>
      url.pathname === '/api/orders'
        ? json(200, {
            data: {
              records: [
                order({}),
                order({
                  id: 'o-2',
                  orderNo: 'VM20260101-111111',
                  orderDate: '2026-01-01',
                  orderEDate: '2027-01-01',
                }),
                order({
                  id: 'o-3',
                  orderNo: 'DS20261126-222222',
                  resType: 'ccis',
                  resName: 'CCIS',
                  commitGb: 2000,
                }),
              ],
              total: 3,
              page: 0,
              limit: 10,
              today: '2026-11-30',
            },
          })
        : undefined,
    );
    renderInApp(<OrderManagePage />, '/orderManage');
    const fresh = (await screen.findByTestId('order-cancel-VM20261126-ABCDEF')) as HTMLButtonElement;
    expect(fresh.disabled).toBe(false);
    const bound = screen.getByTestId('order-cancel-VM20260101-111111') as HTMLButtonElement;
    expect(bound.disabled).toBe(true);
    expect(screen.getByTestId('order-cancel-VM20260101-111111-reason').getAttribute('aria-label')).toContain(
      'contact customer support',
    );
    // Bound by its term: one click to a billing ticket about the VM; an order one may cancel has none.
    const support = screen.getByTestId('order-support-VM20260101-111111').getAttribute('href')!;
    const asked = new URLSearchParams(support.slice(support.indexOf('?')));
    expect(support.startsWith('/createTicket?')).toBe(true);
    expect(asked.get('category')).toBe('billing');
    expect(asked.get('vm')).toBe(order({}).resUuid);
    expect(screen.queryByTestId('order-support-VM20261126-ABCDEF')).toBeNull();
    expect(screen.getByTestId('order-ccis-DS20261126-222222').getAttribute('href')).toBe('/purchaseCCIS');

    fireEvent.click(fresh);
    const dialog = await screen.findByTestId('password-confirm-dialog');
    expect(within(dialog).getByTestId('order-cancel-body').textContent).toContain('less than 7 days ago');
  });
});

/** Three orders in force on 2026-11-30: one ordered 4 days ago, one bound by its term, a data store. */
const inForce = [
  order({}),
  order({ id: 'o-2', orderNo: 'VM20260101-111111', orderDate: '2026-01-01', orderEDate: '2027-01-01' }),
  order({ id: 'o-3', orderNo: 'DS20261126-222222', resType: 'ccis', resName: 'CCIS', commitGb: 2000 }),
];
const ordersPage = (records: Order[], total = records.length, p = 0, limit = 10) =>
  json(200, { data: { records, total, page: p, limit, today: '2026-11-30' } });

describe('orders in force, selected', () => {
  it('cancels the selected contracts the rule allows, each by its own call with the password', async () => {
    const cancelled: { path: string; body: unknown }[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/orders') return ordersPage(inForce);
      if (init.method === 'POST' && url.pathname.endsWith('/cancel')) {
        cancelled.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(200, { data: { ...order({ status: 7 }), events: [] } });
      }
      return undefined;
    });
    renderInApp(<OrderManagePage />, '/orderManage');
    await screen.findByTestId('order-cancel-VM20261126-ABCDEF');
    fireEvent.click(screen.getByTestId('order-select-all').querySelector('input')!);
    const bulk = screen.getByTestId('order-bulk-cancel');
    expect(bulk.textContent).toBe('Cancel order (1/3)');
    fireEvent.click(bulk);
    const dialog = await screen.findByTestId('password-confirm-dialog');
    fireEvent.change(within(dialog).getByTestId('password-confirm-input'), { target: { value: 'Pw-2026!' } });
    fireEvent.click(within(dialog).getByTestId('password-confirm-submit'));

    const progress = await bulkFinished('Done 1 · failed 0 · skipped 2');
    expect(cancelled).toEqual([{ path: '/api/orders/o-1/cancel', body: { currentPassword: 'Pw-2026!' } }]);
    expect(within(progress).getByTestId('bulk-row-1').textContent).toContain('contact customer support');
  });

  it('exports every page of the orders in force with the type filter as CSV', async () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      order({ id: `o-${i}`, orderNo: `VM20261126-${String(i).padStart(6, '0')}` }),
    );
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname !== '/api/orders') return undefined;
      const p = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return ordersPage(many.slice(p * limit, p * limit + limit), many.length, p, limit);
    });
    const saved = captureDownloads();
    renderInApp(<OrderManagePage />, '/orderManage');
    await screen.findByTestId('order-status-VM20261126-000000');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(screen.getByRole('option', { name: 'Virtual machine' }));
    const asked = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://portal.test'))
        .filter((u) => u.pathname === '/api/orders');
    await waitFor(() => expect(asked().at(-1)!.searchParams.get('resType')).toBe('vm'));
    const before = asked().length;
    fireEvent.click(screen.getByTestId('order-current-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const exports = asked().slice(before);
    expect(exports.map((u) => [u.searchParams.get('page'), u.searchParams.get('resType')])).toEqual([
      ['0', 'vm'],
      ['1', 'vm'],
    ]);
    const lines = await csvLines(saved[0]!);
    expect(lines[0]).toBe(
      'Order number,Type,Resource,Specification,Contract months,Order date,End date,Status,Auto-renew,Monthly price (TWD),Term price (TWD),Ordered by',
    );
    expect(lines[1]).toBe(
      'VM20261126-000000,Virtual machine,cache-01,2 vCPU / 16 GB,12,2026-11-26,2027-11-26,Active,Yes,4380.0000,52560.0000,demo@example.com',
    );
    expect(lines).toHaveLength(1202);
  });
});

describe('order history, selected', () => {
  it('exports the selected orders as CSV', async () => {
    const fetchMock = fakeApi(ROOT, (url) =>
      url.pathname === '/api/orders/history' ? ordersPage(inForce) : undefined,
    );
    const saved = captureDownloads();
    renderInApp(<OrderHistoryPage />, '/orderHistory');
    await screen.findByTestId('order-open-DS20261126-222222');
    fireEvent.click(screen.getByTestId('order-history-select-o-3'));
    const asked = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByTestId('order-history-bulk-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = await csvLines(saved[0]!);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^DS20261126-222222,Data store,CCIS,"2,000 GB committed",12,/);
    expect(fetchMock.mock.calls).toHaveLength(asked);
  });
});
