import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthorityTree } from '@portal/shared';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { registerResources } from '../../lib/resource-kit/registry';
import { json } from '../../test/http';
import { toastStore } from '../../lib/toast/toast-store';
import {
  READ_ONLY,
  ROOT,
  type Thing,
  fakeApi,
  page,
  renderInApp,
  thing,
  thingResource,
} from '../../test/resource-kit';
import { ResourceDetailPage } from './resource-detail-page';

// A parent whose "parts" tab is the made-up resource's list filtered by the parent.
const parent: ResourceDefinition<Thing> = {
  ...thingResource,
  name: 'parent',
  base: '/parents',
  routes: { list: 'vmSetting', detail: 'vmDetail' },
  tags: true,
  auditTarget: 'vm',
  detail: {
    fields: [{ id: 'name', value: (t) => t.name }],
    tabs: [{ id: 'parts', related: { resource: 'thing', filter: (t) => ({ vmUuid: t.uuid }) } }],
  },
};
registerResources({
  thing: async () => ({ resource: thingResource as ResourceDefinition<never>, pages: {} }),
});

afterEach(() => vi.unstubAllGlobals());

function renderDetail(path: string, authority: AuthorityTree = ROOT) {
  const fetchMock = fakeApi(authority, (url) => {
    if (url.pathname === '/api/parents/p-1')
      return json(200, { data: thing(1, { uuid: 'p-1', name: 'parent one' }) });
    if (url.pathname === '/api/things') return page([thing(7, { name: 'part seven' })]);
    if (url.pathname === '/api/tags/resid') return json(200, { data: [] });
    if (url.pathname === '/api/tags/parents/p-1') return json(200, { data: [{ key: 'env', value: 'prod' }] });
    if (url.pathname === '/api/tags/keys') return json(200, { data: [] });
    return undefined;
  });
  renderInApp(
    <Routes>
      <Route path="/vmSetting/:uuid" element={<ResourceDetailPage def={parent} />} />
    </Routes>,
    path,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === path);

describe('<ResourceDetailPage>', () => {
  it('links to the audit log filtered to this resource, for users holding iam/audit only', async () => {
    renderDetail('/vmSetting/p-1');
    const link = await screen.findByTestId('parent-activity');
    expect(link.getAttribute('href')).toMatch(/\/auditLog\?targetType=vm&targetId=p-1$/);
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/auditLog?targetType=vm&targetId=p-1');
  });

  it('shows no audit link without iam/audit', async () => {
    renderDetail('/vmSetting/p-1', READ_ONLY);
    await screen.findByTestId('field-name');
    expect(screen.queryByTestId('parent-activity')).toBeNull();
  });

  it('opens the tab the address names and shows the related list filtered by the parent', async () => {
    const fetchMock = renderDetail('/vmSetting/p-1?tab=parts');
    expect(await screen.findByText('part seven')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'parent one' })).toBeTruthy();
    expect(screen.getByTestId('parent-tab-parts').getAttribute('aria-selected')).toBe('true');
    expect(calls(fetchMock, '/api/things')[0]!.searchParams.get('vmUuid')).toBe('p-1');
  });

  it('keeps the chosen tab in the address, and loads the tags of this resource', async () => {
    const fetchMock = renderDetail('/vmSetting/p-1');
    await screen.findByTestId('field-name');
    fireEvent.click(screen.getByTestId('parent-tab-tags'));
    expect(screen.getByTestId('location').textContent).toBe('/vmSetting/p-1?tab=tags');
    await waitFor(() => expect(calls(fetchMock, '/api/tags/resid')).toHaveLength(1));
    expect(Object.fromEntries(calls(fetchMock, '/api/tags/resid')[0]!.searchParams)).toMatchObject({
      type: 'parents',
      res_id: 'p-1',
    });
    fireEvent.click(screen.getByTestId('parent-tab-info'));
    expect(screen.getByTestId('location').textContent).toBe('/vmSetting/p-1');
  });

  it('saves the tags from their tab and says so; the header has no Tags button beside the tab', async () => {
    toastStore.set([]);
    const fetchMock = renderDetail('/vmSetting/p-1?tab=tags');
    await screen.findByTestId('tag-editor');
    expect(screen.queryByTestId('parent-tags-p-1')).toBeNull();
    fireEvent.click(screen.getByTestId('tag-add'));
    fireEvent.change(screen.getByTestId('field-tags.0.key'), { target: { value: 'env' } });
    fireEvent.change(screen.getByTestId('field-tags.0.value'), { target: { value: 'prod' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() =>
      expect(toastStore.get().map((t) => [t.type, t.message, t.values])).toContainEqual([
        'success',
        'resource.toasts.tags',
        { name: 'parent one' },
      ]),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ tags: [{ key: 'env', value: 'prod' }] });
  });

  it('says a resource that is gone is not found, on the page and without an error toast', async () => {
    toastStore.set([]);
    renderDetail('/vmSetting/p-2');
    expect(await screen.findByTestId('parent-not-found')).toBeTruthy();
    expect(toastStore.get().filter((t) => t.type === 'error')).toEqual([]);
  });
});
