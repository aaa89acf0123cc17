import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthorityTree } from '@portal/shared';
import { json, mockFetch } from '../../test/http';
import { clearSession, setToken } from '../session/session-store';
import { Authorized } from './authorized';

let tokens = 0;

function renderWith(authority: AuthorityTree | null, ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A token per test: identical GETs within 200 ms share one request, across tests too.
  const token = `tok-${++tokens}`;
  setToken(token);
  if (authority !== null) client.setQueryData(['auth', 'page', token], { menu: [], authority });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('<Authorized>', () => {
  const tree: AuthorityTree = { myAccount: { orderManage: { view: true } }, compute: { vm: false } };

  it('shows its children when the authority path is granted', () => {
    renderWith(tree, <Authorized authority="myAccount/orderManage">Orders</Authorized>);
    expect(screen.getByText('Orders')).toBeTruthy();
  });

  it('shows the fallback, or nothing, when it is not', () => {
    renderWith(
      tree,
      <>
        <Authorized authority="compute/vm">
          <p>VMs</p>
        </Authorized>
        <Authorized authority="iam/user" fallback={<p>No IAM</p>}>
          <p>IAM</p>
        </Authorized>
      </>,
    );
    expect(screen.queryByText('VMs')).toBeNull();
    expect(screen.getByText('No IAM')).toBeTruthy();
  });

  it('grants everything to a root user (the tree is true)', () => {
    renderWith(true, <Authorized authority="iam/audit">Audit</Authorized>);
    expect(screen.getByText('Audit')).toBeTruthy();
  });

  it('denies while permissions load', () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderWith(null, <Authorized authority="dashboard">Dashboard</Authorized>);
    expect(screen.queryByText('Dashboard')).toBeNull();
  });

  it('fetches permissions once per token', async () => {
    const fetchMock = mockFetch(() =>
      json(200, { data: { menu: [], authority: { dashboard: { view: true } } } }),
    );
    renderWith(
      null,
      <>
        <Authorized authority="dashboard">
          <p>One</p>
        </Authorized>
        <Authorized authority="dashboard">
          <p>Two</p>
        </Authorized>
      </>,
    );
    expect(await screen.findByText('One')).toBeTruthy();
    expect(screen.getByText('Two')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/page');
  });
});
