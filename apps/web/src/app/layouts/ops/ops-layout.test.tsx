import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { opsToken } from '../../../features/ops/ops-api';
import { json, mockFetch } from '../../../test/http';
import OpsLayout from './ops-layout';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<OpsLayout />}>
          <Route path="/ops/login" element={<p>login page</p>} />
          <Route path="/ops/applications" element={<p>applications page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  opsToken.clear();
  vi.unstubAllGlobals();
});

describe('<OpsLayout>', () => {
  it('shows the product and console name, and no staff controls before sign-in', async () => {
    const fetchMock = mockFetch(() => json(200, { data: {} }));
    renderAt('/ops/login');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.getByTestId('ops-console-title').textContent).toBe('Operations console');
    expect(screen.getByText('Enterprise Cloud')).toBeTruthy();
    expect(screen.getByTestId('language-menu-button')).toBeTruthy();
    expect(screen.queryByTestId('ops-logout')).toBeNull();
    expect(screen.queryByTestId('ops-nav-audit')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the signed-in staff email and signs out to the staff sign-in', async () => {
    opsToken.set('staff-token');
    const fetchMock = mockFetch((url) =>
      url.endsWith('/ops/me')
        ? json(200, { data: { email: 'ops@example.com' } })
        : json(200, { data: { ok: true } }),
    );
    renderAt('/ops/applications');
    await waitFor(() =>
      expect(screen.getByTestId('ops-staff-email').textContent).toContain('ops@example.com'),
    );
    expect(screen.getByTestId('ops-nav-audit').getAttribute('href')).toBe('/ops/audit');
    fireEvent.click(screen.getByTestId('ops-logout'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(opsToken.get()).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/ops/logout'))).toBe(true);
  });
});
