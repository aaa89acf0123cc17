import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/http';
import { clearSession, setToken } from '../../lib/session/session-store';
import { AppRoutes } from './app-routes';

const INFO = {
  id: 'u1',
  account: 'viewer',
  clientNumber: '20260000001',
  companyName: 'Example',
  isRoot: false,
};
let tokens = 0;

function signIn(authority: unknown) {
  mockFetch((url) => {
    if (url.startsWith('/api/auth/page')) return json(200, { data: { menu: [], authority } });
    if (url.startsWith('/api/client/info')) return json(200, { data: INFO });
    return json(404, { msg: 'NOT_FOUND' });
  });
  // A token per test: identical GETs within 200 ms share one request, across tests too.
  setToken(`tok-${++tokens}`);
}

const visit = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

// The first test of each layout waits for its lazy chunk, MUI included, to be transformed.
describe('app routes', { timeout: 20_000 }, () => {
  it('send a visitor without a session from a console page to the login page', async () => {
    visit('/dashboard');
    expect(await screen.findByTestId('login-form-root', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('show a console page the authority tree allows', async () => {
    signIn({ dashboard: { view: true } });
    visit('/dashboard');
    expect(await screen.findByTestId('dashboard-account-card', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('show the 403 page for a console route the tree does not allow', async () => {
    signIn({ dashboard: { view: true } });
    visit('/iam');
    expect(await screen.findByTestId('status-forbidden', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('render the work-in-progress page for routes without a page yet', async () => {
    // Every console page is built by now: the work-in-progress page itself stands for one to come.
    signIn(true);
    visit('/doing');
    expect(await screen.findByTestId('doing-page', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('answer an unknown path with the not-found page', async () => {
    visit('/no/such/page');
    expect(await screen.findByTestId('status-notFound', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
