import { fireEvent, screen, waitFor } from '@testing-library/react';
import Edit from '@mui/icons-material/Edit';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { json } from '../../test/http';
import {
  ROOT,
  READ_ONLY,
  type Thing,
  fakeApi,
  page,
  renderInApp,
  thing,
  thingResource,
} from '../../test/resource-kit';
import { ResourceEditPage, useUpdateResource } from './resource-form';
import { ResourceList } from './resource-list';

/** An edit form that renames the row and saves it through the kit. */
function RenameForm({ row }: { row: Thing }) {
  const { submit } = useUpdateResource<Thing, { name: string }>(editable, row);
  return (
    <button type="button" onClick={() => submit({ name: `${row.name} renamed` }, () => undefined)}>
      {`rename ${row.name}`}
    </button>
  );
}

const editable: ResourceDefinition<Thing> = {
  ...thingResource,
  routes: { list: 'snapshotRule', edit: 'editSnapshotRule' },
  actions: [{ id: 'edit', icon: <Edit />, primary: true, link: (t) => `/editSnapshotRule/${t.uuid}` }],
  editForm: RenameForm,
};

afterEach(() => vi.unstubAllGlobals());

describe('edit pages and link actions', () => {
  it('loads the row named in the address, saves with PATCH and goes back to the list', async () => {
    const fetchMock = fakeApi(ROOT, (url, init) => {
      if (url.pathname !== '/api/things/t-3') return undefined;
      if (init.method === 'PATCH') return json(200, { data: thing(3, { name: 'thing 3 renamed' }) });
      return json(200, { data: thing(3) });
    });
    renderInApp(
      <Routes>
        <Route path="/editSnapshotRule/:id" element={<ResourceEditPage def={editable} />} />
      </Routes>,
      '/editSnapshotRule/t-3',
    );
    fireEvent.click(await screen.findByText('rename thing 3'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/snapshotRule'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: 'thing 3 renamed' });
  });

  it('says so when the row is gone, and shows no form to a read-only user', async () => {
    fakeApi(ROOT, () => json(404, { msg: 'NOT_FOUND' }));
    const { unmount } = renderInApp(
      <Routes>
        <Route path="/editSnapshotRule/:id" element={<ResourceEditPage def={editable} />} />
      </Routes>,
      '/editSnapshotRule/t-9',
    );
    expect(await screen.findByTestId('thing-not-found')).toBeTruthy();
    unmount();
    fakeApi(READ_ONLY, (url) =>
      url.pathname === '/api/things/t-3' ? json(200, { data: thing(3) }) : undefined,
    );
    renderInApp(
      <Routes>
        <Route path="/editSnapshotRule/:id" element={<ResourceEditPage def={editable} />} />
      </Routes>,
      '/editSnapshotRule/t-3',
    );
    expect(await screen.findByText(/may view these resources but not create or change them/)).toBeTruthy();
    expect(screen.queryByText('rename thing 3')).toBeNull();
  });

  it('goes to the page a link action names, without a call', async () => {
    const fetchMock = fakeApi(ROOT, (url) => (url.pathname === '/api/things' ? page([thing(5)]) : undefined));
    renderInApp(<ResourceList def={editable} />, '/snapshotRule');
    fireEvent.click(await screen.findByTestId('thing-edit-t-5'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/editSnapshotRule/t-5'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });
});
