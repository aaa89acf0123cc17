import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import type { IamUser } from '@portal/shared';
import { themeFor } from '../../app/theme';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, bulkFinished, fakeApi, page, pageOf, renderInApp } from '../../test/resource-kit';
import { setClientInfo } from '../../lib/session/session-store';
import { toastStore } from '../../lib/toast/toast-store';
import IamListPage from './iam-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = (id: string, over: Partial<IamUser> = {}): IamUser => ({
  id,
  account: `acc-${id}`,
  roles: ['computeOperator'],
  email: `${id}@example.com`,
  lastSetPasswordDate: '2026-03-01T10:00:00.000Z',
  lastLoginDate: null,
  enableTwoFactor: false,
  isLock: false,
  ...over,
});

// The page asks the theme's breakpoints (a phone folds the row's actions into a menu).
const renderIam = () =>
  renderInApp(
    <ThemeProvider theme={themeFor('light')}>
      <IamListPage />
    </ThemeProvider>,
    '/iam',
  );

/** Signed in as the IAM user `me`, who may not act on itself. */
function signedInAsMe() {
  setClientInfo({
    id: 'me',
    account: 'acc-me',
    identityNumber: '',
    companyName: '',
    clientNumber: '',
    email: '',
    twoFa: false,
    isRoot: false,
    contactName: '',
    contactMobile: '',
    contactTel: '',
  });
}

const calls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.map(([u, init]) => ({
    url: new URL(String(u), 'http://portal.test'),
    method: (init as RequestInit | undefined)?.method ?? 'GET',
    body: (init as RequestInit | undefined)?.body,
  }));

describe('the IAM user list', () => {
  it('locks the selected users one call each, skipping the caller itself', async () => {
    const fetchMock = fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/iam/users')
        return page([user('u1'), user('me'), user('u3', { isLock: true })]);
      if (init.method === 'POST' && url.pathname.endsWith('/lock')) return json(200, { data: user('u1') });
      return undefined;
    });
    signedInAsMe();
    renderIam();
    await screen.findByTestId('iam-lock-acc-u1');
    fireEvent.click(screen.getByTestId('iam-select-all').querySelector('input')!);
    const lock = screen.getByTestId('iam-bulk-lock');
    expect(lock.textContent).toBe('Lock (2/3)');
    fireEvent.click(lock);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Lock 3 selected items?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));

    const progress = await bulkFinished('Done 2 · failed 0 · skipped 1');
    const locked = calls(fetchMock).filter((c) => c.method === 'POST');
    expect(locked.map((c) => c.url.pathname).sort()).toEqual([
      '/api/iam/users/u1/lock',
      '/api/iam/users/u3/lock',
    ]);
    expect(within(progress).getByTestId('bulk-row-1').textContent).toContain(
      'You do not have permission to do this.',
    );
  });

  it('deletes the selected users with the caller’s password, one call each', async () => {
    const fetchMock = fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/iam/users') return page([user('u1'), user('u2')]);
      if (init.method === 'DELETE') return json(200, { data: null });
      return undefined;
    });
    renderIam();
    await screen.findByTestId('iam-delete-acc-u2');
    fireEvent.click(screen.getByTestId('iam-select-u1'));
    fireEvent.click(screen.getByTestId('iam-select-u2'));
    fireEvent.click(screen.getByTestId('iam-bulk-delete'));
    const dialog = await screen.findByTestId('password-confirm-dialog');
    fireEvent.change(within(dialog).getByTestId('password-confirm-input'), { target: { value: 'Mine-1' } });
    fireEvent.click(within(dialog).getByTestId('password-confirm-submit'));
    await bulkFinished('Done 2 · failed 0 · skipped 0');
    const deleted = calls(fetchMock).filter((c) => c.method === 'DELETE');
    expect(deleted.map((c) => c.url.pathname).sort()).toEqual(['/api/iam/users/u1', '/api/iam/users/u2']);
    expect(deleted.map((c) => JSON.parse(String(c.body)))).toEqual([
      { currentPassword: 'Mine-1' },
      { currentPassword: 'Mine-1' },
    ]);
  });

  it('locks one user from its row through the same confirmation', async () => {
    const fetchMock = fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/iam/users') return page([user('u1')]);
      if (init.method === 'POST') return json(200, { data: user('u1', { isLock: true }) });
      return undefined;
    });
    renderIam();
    fireEvent.click(await screen.findByTestId('iam-lock-acc-u1'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Lock acc-u1?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(toastStore.get().map((t) => [t.message, t.values?.name])).toContainEqual([
        'iam.toasts.lock',
        'acc-u1',
      ]),
    );
    expect(calls(fetchMock).filter((c) => c.method === 'POST')[0]!.url.pathname).toBe(
      '/api/iam/users/u1/lock',
    );
  });

  it('shows a wrong sign-in password on the set-password dialog’s field', async () => {
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/iam/users') return page([user('u1')]);
      if (init.method === 'POST' && url.pathname.endsWith('/password'))
        return json(400, { msg: 'INCORRECT_PASSWORD' });
      return undefined;
    });
    renderIam();
    fireEvent.click(await screen.findByTestId('iam-password-acc-u1'));
    const dialog = await screen.findByTestId('set-password-dialog');
    const [password, confirm, mine] = within(dialog).getAllByLabelText(/password/i, { selector: 'input' });
    fireEvent.change(password!, { target: { value: 'Next-Passw0rd-26!' } });
    fireEvent.change(confirm!, { target: { value: 'Next-Passw0rd-26!' } });
    fireEvent.change(mine!, { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByTestId('set-password-submit'));
    await within(dialog).findByText('The password is incorrect.');
    expect(screen.getByTestId('set-password-dialog')).toBeTruthy();
  });

  it('exports every page of the searched list as CSV', async () => {
    const all = Array.from({ length: 1500 }, (_, i) => user(`u${i}`));
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname !== '/api/iam/users') return undefined;
      return pageOf(all, url);
    });
    const saved = captureDownloads();
    renderIam();
    await screen.findByText('acc-u0');
    fireEvent.change(screen.getByTestId('iam-search'), { target: { value: 'ops' } });
    await waitFor(() =>
      expect(calls(fetchMock).some((c) => c.url.searchParams.get('search') === 'ops')).toBe(true),
    );
    const before = calls(fetchMock).length;
    fireEvent.click(screen.getByTestId('iam-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const exports = calls(fetchMock)
      .slice(before)
      .filter((c) => c.url.pathname === '/api/iam/users');
    expect(exports.map((c) => [c.url.searchParams.get('page'), c.url.searchParams.get('limit')])).toEqual([
      ['0', '1000'],
      ['1', '1000'],
    ]);
    for (const c of exports) expect(c.url.searchParams.get('search')).toBe('ops');
    const lines = await csvLines(saved[0]!);
    expect(lines[0]).toBe(
      'Account,Roles,Email,Password last changed,Last sign-in,Two-step verification,Status',
    );
    expect(lines[1]).toBe('acc-u0,Compute operator,u0@example.com,2026-03-01T10:00:00.000Z,,Off,Active');
    expect(lines).toHaveLength(1502);
  });
});
