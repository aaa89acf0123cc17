import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import PlayArrow from '@mui/icons-material/PlayArrow';
import type { AuthorityTree } from '@portal/shared';
import { request } from '../lib/api/api-client';
import type { ResourceDefinition } from '../lib/resource-kit/definition';
import { setToken } from '../lib/session/session-store';
import { json, mockFetch } from './http';

/** A made-up resource for the kit's tests: `status` 0 is stopped, 1 running. */
export interface Thing {
  uuid: string;
  name: string;
  status: number;
  pendingOperation: string | null;
}

export const thing = (n: number, over: Partial<Thing> = {}): Thing => ({
  uuid: `t-${n}`,
  name: `thing ${n}`,
  status: 0,
  pendingOperation: null,
  ...over,
});

export const thingResource: ResourceDefinition<Thing> = {
  name: 'thing',
  // The kit's own namespace: labels of the made-up resource show as their keys.
  namespace: 'resource',
  base: '/things',
  id: (t) => t.uuid,
  title: (t) => t.name,
  routes: { list: 'vmSetting' },
  authority: { view: 'compute/vm', manage: 'compute/vm/manage' },
  busy: (t) => t.pendingOperation !== null,
  search: true,
  columns: [
    { id: 'name', sortable: true, phone: true },
    { id: 'status', text: (t) => (t.status === 1 ? 'Running' : 'Stopped') },
  ],
  filters: [{ id: 'status', options: () => [{ value: '1', label: 'Running' }] }],
  actions: [
    {
      id: 'start',
      icon: <PlayArrow />,
      primary: true,
      bulk: true,
      allowed: (t) => (t.status === 0 ? true : 'VM_STATUS_ERROR'),
      run: (t, _input, options) => request('POST', `/things/${t.uuid}/start`, options),
    },
  ],
};

export const ROOT: AuthorityTree = true;
export const READ_ONLY: AuthorityTree = { compute: { vm: { view: true } } };

type Answer = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/**
 * Fakes the API: `/api/auth/page` answers the given authority, everything else `answer` (a 404
 * when it returns nothing). Answers the fetch mock to inspect calls.
 */
let session = 0;

export function fakeApi(authority: AuthorityTree, answer: Answer) {
  // A session per test: the api client shares identical GETs for 200 ms, and one test's
  // permissions must not answer the next one's.
  setToken(`test-token-${++session}`);
  return mockFetch(async (raw, init) => {
    const url = new URL(raw, 'http://portal.test');
    if (url.pathname === '/api/auth/page') return json(200, { data: { menu: [], authority } });
    return (await answer(url, init)) ?? json(404, { msg: 'NOT_FOUND' });
  });
}

/** A page of records as the API answers a list. */
export const page = <T,>(records: T[], total = records.length, pageNo = 0, limit = 10) =>
  json(200, { data: { records, total, page: pageNo, limit } });

/** The slice of `all` that a paged list's request (its `page` and `limit`) asks for, as a page. */
export const pageOf = <T,>(all: T[], url: URL) => {
  const p = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  return page(all.slice(p * limit, p * limit + limit), all.length, p, limit);
};

/** Waits for a bulk run's dialog to sum up as `summary` ("Done 2 · failed 0 · skipped 1"); answers the dialog. */
export async function bulkFinished(summary: string): Promise<HTMLElement> {
  const progress = await screen.findByTestId('bulk-progress');
  await waitFor(() => expect(within(progress).getByTestId('bulk-summary').textContent).toBe(summary));
  return progress;
}

/** Shows the router's current search, so a test can read what the list wrote to the address. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderInApp(ui: ReactNode, path = '/vmSetting') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
