import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { usePageSearchParams } from './use-page-search-params';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/list']}>{children}</MemoryRouter>
);
const useBoth = () => ({ query: usePageSearchParams(), location: useLocation() });

afterEach(() => {
  window.location.hash = '';
});

it('writes the query while the address shows the page (or no address is kept)', () => {
  const { result } = renderHook(useBoth, { wrapper });
  act(() => result.current.query[1]({ search: 'web' }, { replace: true }));
  expect(result.current.location.search).toBe('?search=web');
  window.location.hash = '#/list?search=web';
  act(() => result.current.query[1]({ search: 'db' }, { replace: true }));
  expect(result.current.location.search).toBe('?search=db');
});

it('drops a late write once the address shows another page', () => {
  const { result } = renderHook(useBoth, { wrapper });
  window.location.hash = '#/list/42';
  act(() => result.current.query[1]({ search: 'web' }, { replace: true }));
  expect(result.current.location).toMatchObject({ pathname: '/list', search: '' });
});
