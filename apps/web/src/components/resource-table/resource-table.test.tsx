import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceColumn, TableQuery } from './resource-column';
import { ResourceTable } from './resource-table';

interface Vm {
  id: string;
  name: string;
  cpu: number;
}

const columns: ResourceColumn<Vm>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'cpu', header: 'vCPU', align: 'right', cell: (vm) => `${vm.cpu} cores` },
];
const vms = (count: number, from = 0): Vm[] =>
  Array.from({ length: count }, (_, i) => ({ id: `vm-${from + i}`, name: `vm ${from + i}`, cpu: 2 }));

function renderTable(query: TableQuery, rows: Vm[], total: number) {
  const onQueryChange = vi.fn();
  render(
    <ResourceTable
      columns={columns}
      rows={rows}
      total={total}
      query={query}
      onQueryChange={onQueryChange}
      getRowId={(vm) => vm.id}
    />,
  );
  return onQueryChange;
}

describe('<ResourceTable>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the rows of the page with declared cells and the server total', () => {
    renderTable({ page: 1, limit: 10 }, vms(10, 10), 25);
    expect(screen.getAllByTestId('resource-table-row')).toHaveLength(10);
    expect(screen.getByText('vm 10')).toBeTruthy();
    expect(screen.getAllByText('2 cores')).toHaveLength(10);
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
  });

  it('asks the server for the next page and for another page size', () => {
    const onQueryChange = renderTable({ page: 0, limit: 10, sort: 'name', orderby: 'asc' }, vms(10), 25);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, limit: 10, sort: 'name', orderby: 'asc' });

    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '50', '100', 'All']);
    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 0, limit: 0, sort: 'name', orderby: 'asc' });
  });

  it('sorts on the server: a header click asks ascending, then descending', () => {
    const onQueryChange = renderTable({ page: 3, limit: 10 }, vms(10), 100);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 0, limit: 10, sort: 'name', orderby: 'asc' });
  });

  it('toggles to descending on the column already sorted ascending', () => {
    const onQueryChange = renderTable({ page: 0, limit: 10, sort: 'name', orderby: 'asc' }, vms(10), 100);
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 0, limit: 10, sort: 'name', orderby: 'desc' });
  });

  it('shows a screenful of rows, and no more, when showing all of 10,000', async () => {
    // jsdom lays nothing out: the body is given the size a browser would give it (640 px high,
    // 10,000 rows of 53 px inside), so the virtualizer sees what it sees in a browser.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000 * 53);
    renderTable({ page: 0, limit: 0 }, vms(10_000), 10_000);
    const rows = screen.getAllByTestId('resource-table-row');
    expect(rows.length).toBeGreaterThanOrEqual(13);
    expect(rows.length).toBeLessThan(30);
    expect(within(rows[0]!).getByText('vm 0')).toBeTruthy();
    expect(within(rows[12]!).getByText('vm 12')).toBeTruthy();
    expect(screen.queryByText('vm 5000')).toBeNull();
    expect(screen.getByText('1–10000 of 10000')).toBeTruthy();

    // Scrolled halfway, the window moves: row 5000 is drawn and the first rows are gone.
    const body = screen.getByTestId('resource-table').querySelector('.MuiTableContainer-root')!;
    body.scrollTop = 5000 * 53;
    fireEvent.scroll(body);
    expect(await screen.findByText('vm 5000')).toBeTruthy();
    expect(screen.queryByText('vm 0')).toBeNull();
    expect(screen.getAllByTestId('resource-table-row').length).toBeLessThan(30);
  });

  it('says so when there is nothing to show', () => {
    renderTable({ page: 0, limit: 10 }, [], 0);
    expect(screen.getByText('Nothing to show yet')).toBeTruthy();
  });
});
