import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import type { AuditRecord } from '@portal/shared';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { themeFor } from '../../app/theme';
import AuditLogPage from './audit-log-page';

const VM = '5f0c3c1e-7d4b-4c39-9d2e-1a2b3c4d5e6f';
const record = (over: Partial<AuditRecord>): AuditRecord => ({
  id: 'r-1',
  at: '2026-03-01T10:00:00.000Z',
  userId: null,
  account: 'root@example.com',
  viaKey: null,
  action: 'vm.start',
  targetType: 'vm',
  targetId: VM,
  outcome: 'success',
  ip: '127.0.0.1',
  detail: {},
  ...over,
});

function renderLog(path: string) {
  const fetchMock = fakeApi(ROOT, (url) => {
    if (url.pathname === '/api/audit')
      return page([
        record({}),
        record({ id: 'r-2', targetType: 'disk', targetId: 'd-1', viaKey: 'nightly-backup' }),
      ]);
    if (url.pathname === '/api/iam/users') return page([]);
    return json(404, { msg: 'NOT_FOUND' });
  });
  // The page asks the theme's breakpoints (a phone gets stacked entries).
  renderInApp(
    <ThemeProvider theme={themeFor('light')}>
      <AuditLogPage />
    </ThemeProvider>,
    path,
  );
  const requests = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/api/audit');
  const asked = () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/api/audit')
      .map((u) => [u.searchParams.get('targetType'), u.searchParams.get('targetId')]);
  return Object.assign(asked, { requests });
}

afterEach(() => vi.restoreAllMocks());

describe('<AuditLogPage>', () => {
  it('opens filtered to the resource the address names', async () => {
    const asked = renderLog(`/auditLog?targetType=vm&targetId=${VM}`);
    await waitFor(() => expect(asked()).toContainEqual(['vm', VM]));
    expect((screen.getByTestId('audit-filter-target-id') as HTMLInputElement).value).toBe(VM);
  });

  it('says who acted through an API key, by the key’s name', async () => {
    renderLog('/auditLog');
    await screen.findAllByTestId('audit-target');
    expect(screen.getByText('root@example.com via key nightly-backup')).toBeTruthy();
    expect(screen.getAllByText('root@example.com')).toHaveLength(1);
  });

  it("narrows the log to a row's resource when its type and id are clicked", async () => {
    const asked = renderLog('/auditLog');
    const targets = await screen.findAllByTestId('audit-target');
    expect(targets[1]!.textContent).toContain('d-1');
    fireEvent.click(targets[1]!);
    expect(screen.getByTestId('location').textContent).toBe('/auditLog?targetType=disk&targetId=d-1');
    await waitFor(() => expect(asked()).toContainEqual(['disk', 'd-1']));
  });

  it('says a start after the end under "to", and asks the server nothing until it is put right', async () => {
    const asked = renderLog('/auditLog');
    await screen.findAllByTestId('audit-target');
    fireEvent.change(screen.getByTestId('audit-filter-from'), { target: { value: '2026-03-05T10:00' } });
    fireEvent.change(screen.getByTestId('audit-filter-to'), { target: { value: '2026-03-01T10:00' } });
    expect(screen.getByTestId('audit-filter-range-error').textContent).toBe(
      'The start cannot be after the end.',
    );
    expect((screen.getByTestId('audit-export') as HTMLButtonElement).disabled).toBe(true);
    const reversed = (u: URL) => u.searchParams.has('from') && u.searchParams.has('to');
    expect(asked.requests().filter(reversed)).toEqual([]);

    fireEvent.change(screen.getByTestId('audit-filter-to'), { target: { value: '2026-03-06T10:00' } });
    expect(screen.queryByTestId('audit-filter-range-error')).toBeNull();
    await waitFor(() => expect(asked.requests().filter(reversed)).toHaveLength(1));
    expect((screen.getByTestId('audit-export') as HTMLButtonElement).disabled).toBe(false);
  });

  it('exports the selected entries as CSV in the reader’s words, without asking the server again', async () => {
    const asked = renderLog('/auditLog');
    const saved = captureDownloads();
    await screen.findAllByTestId('audit-target');
    fireEvent.click(screen.getByTestId('audit-select-r-2'));
    const before = asked.requests().length;
    fireEvent.click(screen.getByTestId('audit-bulk-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await csvLines(saved[0]!)).toEqual([
      'Time,User,Action,Resource type,Resource ID,Result,Address,Details',
      '2026-03-01T10:00:00.000Z,root@example.com via key nightly-backup,Started VM,Disk,d-1,Succeeded,127.0.0.1,',
      '',
    ]);
    expect(asked.requests()).toHaveLength(before);
  });
});
