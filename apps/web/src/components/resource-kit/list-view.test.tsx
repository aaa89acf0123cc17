import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListDefinition } from '../../lib/resource-kit/definition';
import { getPage, useListPage } from '../../lib/resource-kit/resource-queries';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { ROOT, type Thing, fakeApi, page, renderInApp, thing } from '../../test/resource-kit';
import { ListView } from './list-view';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page's own list of the made-up things, asked by the page, with every kind of filter. */
const queue: ListDefinition<Thing> = {
  name: 'queue',
  namespace: 'resource',
  base: '/queue',
  id: (t) => t.uuid,
  title: (t) => t.name,
  authority: { manage: 'compute/vm/manage' },
  selectable: false,
  pageSize: 20,
  rowAttributes: (t) => ({ 'data-testid': 'queue-row', 'data-name': t.name }),
  filters: [
    { id: 'state', kind: 'tabs', options: () => [{ value: '2', label: 'Waiting' }] },
    {
      id: 'orderby',
      label: 'Order',
      all: false,
      options: () => [
        { value: 'asc', label: 'Oldest first' },
        { value: 'desc', label: 'Newest first' },
      ],
    },
    { id: 'part', kind: 'text', label: 'Part' },
    { id: 'range', kind: 'range', type: 'date', labels: { from: 'From', to: 'To' } },
  ],
  columns: [{ id: 'name', phone: true }],
};

function Queue() {
  const controls = useListControls(queue, { inUrl: true });
  const list = useListPage(['/queue'], controls.query, (q) => getPage<Thing>('/queue', q), controls.valid);
  return <ListView def={queue} controls={controls} page={list.data} loading={list.isFetching} />;
}

const location = () => screen.getByTestId('location').textContent;

describe('<ListView> of a page’s own list', () => {
  it('keeps tabs, a choice with a default, text and a range in the address and asks with them', async () => {
    const fetchMock = fakeApi(ROOT, (url) => (url.pathname === '/api/queue' ? page([thing(1)]) : undefined));
    const asked = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://portal.test'))
        .filter((u) => u.pathname === '/api/queue');
    renderInApp(<Queue />, '/queue?page=1');
    const row = await screen.findByTestId('queue-row');
    expect(row.getAttribute('data-name')).toBe('thing 1');
    // The list's own page size, left out of the address.
    expect(asked()[0]!.searchParams.get('limit')).toBe('20');

    fireEvent.click(screen.getByTestId('queue-tab-2'));
    expect(location()).toBe('/queue?state=2');

    // No empty choice: the first option is the default, and choosing it empties the filter.
    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(order.textContent).toBe('Oldest first');
    fireEvent.mouseDown(order);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Newest first'));
    expect(location()).toBe('/queue?state=2&orderby=desc');
    await waitFor(() => expect(asked().at(-1)!.searchParams.get('orderby')).toBe('desc'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Order' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Oldest first'));
    expect(location()).toBe('/queue?state=2');

    fireEvent.change(screen.getByTestId('queue-filter-part'), { target: { value: ' ab ' } });
    await waitFor(() => expect(location()).toBe('/queue?state=2&part=+ab+'));
    await waitFor(() => expect(asked().at(-1)!.searchParams.get('part')).toBe('ab'));

    // A start after the end is said, and not asked for until it is put right.
    const before = asked().length;
    fireEvent.change(screen.getByTestId('queue-filter-from'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByTestId('queue-filter-to'), { target: { value: '2026-03-01' } });
    expect(screen.getByTestId('queue-filter-range-error')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked().filter((u) => u.searchParams.has('to'))).toHaveLength(0);
    fireEvent.change(screen.getByTestId('queue-filter-to'), { target: { value: '2026-03-06' } });
    await waitFor(() => expect(asked().at(-1)!.searchParams.get('to')).toBe('2026-03-06'));
    expect(asked().length).toBeGreaterThan(before);
  });

  it('leaves the page’s own keys of the address alone', async () => {
    fakeApi(ROOT, (url) => (url.pathname === '/api/queue' ? page([thing(1)]) : undefined));
    renderInApp(<Queue />, '/queue?order=o-1');
    await screen.findByTestId('queue-row');
    fireEvent.click(screen.getByTestId('queue-tab-2'));
    expect(location()).toBe('/queue?state=2&order=o-1');
  });
});
