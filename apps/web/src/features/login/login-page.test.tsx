import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/http';
import { clearSession, sessionStore } from '../../lib/session/session-store';
import { i18n } from '../../lib/i18n/i18n';
import { toastStore } from '../../lib/toast/toast-store';
import LoginPage from './login-page';
import { type } from '../../test/form-events';

const INFO = {
  id: 'u1',
  account: 'owner@example.com',
  clientNumber: '20260000001',
  companyName: 'Example',
  isRoot: true,
};

function renderLogin() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The owner's account and password, sent: the step before the two-factor code. */
const submitCredentials = () => {
  type('account', 'owner@example.com');
  type('password', 'Secret-password-1');
  fireEvent.click(screen.getByTestId('login-submit'));
};

/** Answers by method and path; every request body is recorded. */
function api(routes: Record<string, (body: Record<string, unknown>) => Response>) {
  return mockFetch((url, init) => {
    const key = `${init.method} ${url.replace(/^\/api/, '').split('?')[0]}`;
    const answer = routes[key];
    if (!answer) throw new Error(`Unexpected call ${key}`);
    return answer(init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {});
  });
}

beforeEach(() => {
  clearSession();
  toastStore.set([]);
});
afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('checks the fields with the shared rules before calling the server', async () => {
    const fetchMock = api({});
    renderLogin();
    type('account', 'not-an-email');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('This field cannot be empty.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs a root user in and goes to the dashboard', async () => {
    const fetchMock = api({
      'POST /auth/login': () => json(200, { data: { token: 'tok-root' } }),
      'GET /client/info': () => json(200, { data: INFO }),
    });
    renderLogin();
    submitCredentials();
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(sessionStore.get()).toMatchObject({ token: 'tok-root', info: INFO });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      account: 'owner@example.com',
      password: 'Secret-password-1',
    });
  });

  it('signs an IAM user in with the client number, alias and password', async () => {
    const bodies: unknown[] = [];
    api({
      'POST /auth/login': (body) => {
        bodies.push(body);
        return json(200, { data: { token: 'tok-iam' } });
      },
      'GET /client/info': () => json(200, { data: { ...INFO, isRoot: false } }),
    });
    renderLogin();
    fireEvent.click(screen.getByTestId('login-tab-iam'));
    type('root', '20260000001');
    type('iamAccount', 'viewer');
    type('password', 'Secret-password-1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(bodies).toEqual([{ root: '20260000001', iamAccount: 'viewer', password: 'Secret-password-1' }]);
  });

  it('asks for the emailed code, resends it naming the address, and verifies it', async () => {
    api({
      'POST /auth/login': () =>
        json(200, { data: { twoFa: true, challenge: 'ch-1', email: 'o***@example.com' } }),
      'POST /auth/2fa/resend': () => json(200, { data: { email: 'o***@example.com' } }),
      'POST /auth/2fa/verify': (body) =>
        body.tfa_code === '123456'
          ? json(200, { data: { token: 'tok-2fa' } })
          : json(400, { msg: 'TWO_FA_CODE_ERROR' }),
      'GET /client/info': () => json(200, { data: INFO }),
    });
    renderLogin();
    submitCredentials();
    expect(await screen.findByTestId('login-form-2fa')).toBeTruthy();
    expect(screen.getByTestId('tfa-sent-to').textContent).toContain('o***@example.com');

    // A code was just sent: the button counts down to the next one the server takes.
    const resend = screen.getByTestId('tfa-resend') as HTMLButtonElement;
    expect(resend.textContent).toBe('Resend in 30 s');
    expect(resend.disabled).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    await waitFor(() => expect(resend.disabled).toBe(false), { timeout: 3000 });
    expect(resend.textContent).toBe('Resend code');
    fireEvent.click(resend);
    await waitFor(() =>
      expect(toastStore.get().map((t) => [t.type, t.message, t.values])).toEqual([
        ['success', 'login.twoFactor.resent', { email: 'o***@example.com' }],
      ]),
    );
    // And again from the new code.
    await waitFor(() => expect(resend.textContent).toBe('Resend in 30 s'));
    vi.useRealTimers();

    type('tfa_code', '000000');
    fireEvent.click(screen.getByTestId('tfa-verify'));
    await waitFor(() => expect(toastStore.get().at(-1)?.message).toBe('apiError.TWO_FA_CODE_ERROR'));
    expect(screen.getByTestId('login-form-2fa')).toBeTruthy();

    type('tfa_code', '123456');
    fireEvent.click(screen.getByTestId('tfa-verify'));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(sessionStore.get().token).toBe('tok-2fa');
  });

  it('holds the resend button for the Retry-After of a resend asked too soon', async () => {
    api({
      'POST /auth/login': () =>
        json(200, { data: { twoFa: true, challenge: 'ch-3', email: 'o***@example.com' } }),
      'POST /auth/2fa/resend': () => json(429, { msg: 'TRY_AGAIN_LATER' }, { 'Retry-After': '30' }),
    });
    renderLogin();
    submitCredentials();
    const resend = (await screen.findByTestId('tfa-resend')) as HTMLButtonElement;
    // Past the first code's wait, a code sent meanwhile elsewhere makes the server refuse this one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    await waitFor(() => expect(resend.disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(resend);
    await waitFor(() => expect(screen.getByTestId('tfa-resend').textContent).toBe('Resend in 30 s'));
    vi.useRealTimers();
    expect((screen.getByTestId('tfa-resend') as HTMLButtonElement).disabled).toBe(true);
    expect(toastStore.get().map((t) => t.message)).toEqual(['apiError.TRY_AGAIN_LATER']);
  });

  it('tells a user of a suspended customer that the service is suspended and whom to contact', async () => {
    api({ 'POST /auth/login': () => json(400, { msg: 'ACCOUNT_DISABLE' }) });
    renderLogin();
    submitCredentials();
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toEqual(['apiError.ACCOUNT_DISABLE']));
    expect(screen.getByTestId('login-form-root')).toBeTruthy();
    expect(i18n.t('apiError:ACCOUNT_DISABLE')).toBe(
      'The service of this account is suspended. Please contact customer service.',
    );
    expect(i18n.t('apiError:ACCOUNT_DISABLE', { lng: 'zh-TW' })).toBe('此帳號的服務已暫停，請聯繫客服人員。');
  });

  it('returns to the credentials when the challenge is gone', async () => {
    api({
      'POST /auth/login': () =>
        json(200, { data: { twoFa: true, challenge: 'ch-2', email: 'o***@example.com' } }),
      'POST /auth/2fa/verify': () => json(400, { msg: 'CAN_NOT_FIND_2FA' }),
    });
    renderLogin();
    submitCredentials();
    await screen.findByTestId('login-form-2fa');
    type('tfa_code', '123456');
    fireEvent.click(screen.getByTestId('tfa-verify'));
    expect(await screen.findByTestId('login-form-root')).toBeTruthy();
    expect(toastStore.get().map((t) => t.message)).toEqual(['apiError.CAN_NOT_FIND_2FA']);
  });
  it('shows plainly that too many wrong codes paused two-step sign-in, until when, and the way out', async () => {
    api({
      'POST /auth/login': () => json(429, { msg: 'TWO_FA_LOCKED' }, { 'Retry-After': '3600' }),
    });
    renderLogin();
    submitCredentials();
    const alert = await screen.findByTestId('tfa-locked');
    expect(alert.textContent).toContain('Two-step sign-in is paused');
    expect(alert.textContent).toContain('resumes by itself at');
    expect(alert.textContent).toContain('reset your password');
    expect(screen.getByTestId('tfa-locked-reset').getAttribute('href')).toBe('/forgetPassword');
    // Said once, on the page, rather than in a toast that is gone in five seconds.
    expect(toastStore.get()).toEqual([]);
  });

  it('returns to the credentials with the lock when a code meets it', async () => {
    api({
      'POST /auth/login': () =>
        json(200, { data: { twoFa: true, challenge: 'ch-4', email: 'o***@example.com' } }),
      'POST /auth/2fa/verify': () => json(429, { msg: 'TWO_FA_LOCKED' }, { 'Retry-After': '3600' }),
    });
    renderLogin();
    submitCredentials();
    await screen.findByTestId('login-form-2fa');
    type('tfa_code', '123456');
    fireEvent.click(screen.getByTestId('tfa-verify'));
    expect(await screen.findByTestId('tfa-locked')).toBeTruthy();
    expect(screen.getByTestId('login-form-root')).toBeTruthy();
    expect(toastStore.get()).toEqual([]);
  });
});
