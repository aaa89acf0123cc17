import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/api/api-client';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { POLL_MS } from '../../lib/resource-kit/resource-queries';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import {
  READ_ONLY,
  ROOT,
  type Thing,
  fakeApi,
  page,
  pageOf,
  renderInApp,
  thing,
  thingResource,
} from '../../test/resource-kit';
import { ResourceList } from './resource-list';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The list calls among the fetch mock's calls, as URLs. */
const listCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://portal.test'))
    .filter((url) => url.pathname === '/api/things');

const location = () => screen.getByTestId('location').textContent;

describe('<ResourceList>', () => {
  it('reads its page, size, sort, search and filters from the address and writes changes back', async () => {
    const fetchMock = fakeApi(ROOT, (url) =>
      url.pathname === '/api/things'
        ? page([thing(1)], 100, Number(url.searchParams.get('page')), 20)
        : undefined,
    );
    renderInApp(
      <ResourceList def={thingResource} inUrl />,
      '/vmSetting?page=1&limit=20&sort=name&orderby=desc&status=1&search=db',
    );
    await screen.findByText('thing 1');
    const asked = Object.fromEntries(listCalls(fetchMock)[0]!.searchParams);
    expect(asked).toMatchObject({
      page: '1',
      limit: '20',
      sort: 'name',
      orderby: 'desc',
      status: '1',
      search: 'db',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/vmSetting?page=2&limit=20&sort=name&orderby=desc&search=db&status=1');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('page')).toBe('2'));

    // A new filter starts again from the first page.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'fields.status' }));
    fireEvent.click(screen.getByRole('option', { name: 'All' }));
    expect(location()).toBe('/vmSetting?limit=20&sort=name&orderby=desc&search=db');
  });

  it('polls while a shown row is busy and stops when none is', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let answers = 0;
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname !== '/api/things') return undefined;
      answers++;
      // Busy on the first two answers, settled from the third on.
      return page([thing(1, { pendingOperation: answers <= 2 ? 'start' : null })]);
    });
    renderInApp(<ResourceList def={thingResource} />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(listCalls(fetchMock)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(listCalls(fetchMock)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(listCalls(fetchMock)).toHaveLength(3);
    // The third answer has no busy row: nothing more is asked.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 5));
    expect(listCalls(fetchMock)).toHaveLength(3);
  });

  it('on the "all" page asks for its busy rows alone, puts them in place, and drops a row gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const rows = Array.from({ length: 150 }, (_, i) =>
      thing(i + 1, { pendingOperation: i === 1 || i === 2 ? 'start' : null }),
    );
    let second = 0;
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/things') return page(rows, rows.length, 0, 0);
      // Thing 2 is still starting on the first answer and running on the next; thing 3 is gone.
      if (url.pathname === '/api/things/t-2') {
        second++;
        const busy = second < 2 ? 'start' : null;
        return json(200, { data: thing(2, { name: `thing 2 (${second})`, pendingOperation: busy }) });
      }
      return undefined; // thing 3: 404
    });
    // The virtualised body draws the rows in its height, which jsdom does not lay out.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
    renderInApp(<ResourceList def={thingResource} inUrl />, '/vmSetting?limit=0');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText('thing 3')).toBeTruthy();
    const detailCalls = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://portal.test').pathname)
        .filter((path) => path.startsWith('/api/things/'));

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(detailCalls()).toEqual(['/api/things/t-2', '/api/things/t-3']);
    expect(screen.getByText('thing 2 (1)')).toBeTruthy();
    expect(screen.queryByText('thing 3')).toBeNull();
    expect(screen.getByText(/of 149/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(screen.getByText('thing 2 (2)')).toBeTruthy();
    // Nothing is busy any more, and the page of 150 was never asked for again.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 5));
    expect(detailCalls()).toHaveLength(3);
    expect(listCalls(fetchMock)).toHaveLength(1);
  });

  it('shows no change action or actions column to a user without the manage authority, only the export of a selection', async () => {
    const fetchMock = fakeApi(READ_ONLY, (url) =>
      url.pathname === '/api/things' ? page([thing(1), thing(2, { status: 1 })]) : undefined,
    );
    renderInApp(<ResourceList def={thingResource} />);
    await screen.findByText('thing 2');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/page'))).toBe(true),
    );
    // Let the permissions answer reach the list before looking for what it hides.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('thing-start-t-1')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    fireEvent.click(screen.getByTestId('thing-select-t-1'));
    const bar = screen.getByTestId('thing-bulk-bar');
    expect(within(bar).queryByTestId('thing-bulk-start')).toBeNull();
    expect(within(bar).getByTestId('thing-bulk-export')).toBeTruthy();
  });

  it('disables an action the shared rule refuses and gives the rule’s message as the reason', async () => {
    fakeApi(ROOT, (url) =>
      url.pathname === '/api/things' ? page([thing(1), thing(2, { status: 1 })]) : undefined,
    );
    renderInApp(<ResourceList def={thingResource} />);
    // Actions show once the permissions are in.
    expect(((await screen.findByTestId('thing-start-t-1')) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('thing-start-t-2') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseOver(screen.getByTestId('thing-start-t-2-reason'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'The virtual machine cannot do this in its current status.',
    );
  });

  it('runs a bulk action row by row and shows each row’s result', async () => {
    const started: string[] = [];
    fakeApi(ROOT, (url) => {
      if (url.pathname === '/api/things') return page([thing(1), thing(2, { status: 1 }), thing(3)]);
      const id = /\/api\/things\/([^/]+)\/start$/.exec(url.pathname)?.[1];
      if (!id) return undefined;
      started.push(id);
      return id === 't-3' ? json(400, { msg: 'VM_NEED_SHUTDOWN' }) : json(200, { data: thing(1) });
    });
    renderInApp(<ResourceList def={thingResource} />);
    // The rows and the rights are in once a row's action shows.
    await screen.findByTestId('thing-start-t-3');
    fireEvent.click(screen.getByTestId('thing-select-all').querySelector('input')!);
    expect(screen.getByTestId('thing-bulk-bar').textContent).toContain('Selected: 3');
    // Two of the three may start.
    fireEvent.click(screen.getByTestId('thing-bulk-start'));

    const dialog = await screen.findByTestId('bulk-progress');
    await waitFor(() =>
      expect(within(dialog).getByTestId('bulk-summary').textContent).toBe('Done 1 · failed 1 · skipped 1'),
    );
    expect(started.sort()).toEqual(['t-1', 't-3']);
    const row = (i: number) => within(dialog).getByTestId(`bulk-row-${i}`);
    expect(row(0).dataset.status).toBe('done');
    expect(row(1).dataset.status).toBe('skipped');
    expect(row(1).textContent).toContain('The virtual machine cannot do this in its current status.');
    expect(row(2).dataset.status).toBe('failed');
    expect(row(2).textContent).toContain('Shut down the virtual machine first.');
    fireEvent.click(within(dialog).getByTestId('bulk-close'));
    // The run cleared the selection.
    await waitFor(() => expect(screen.queryByTestId('thing-bulk-bar')).toBeNull());
  });

  it('exports the selected rows as CSV, without asking the API again', async () => {
    const fetchMock = fakeApi(ROOT, (url) =>
      url.pathname === '/api/things' ? page([thing(1), thing(2, { status: 1 }), thing(3)]) : undefined,
    );
    const saved = captureDownloads();
    renderInApp(<ResourceList def={thingResource} />);
    fireEvent.click(await screen.findByTestId('thing-select-t-2'));
    fireEvent.click(screen.getByTestId('thing-select-t-3'));
    const asked = listCalls(fetchMock).length;
    fireEvent.click(screen.getByTestId('thing-bulk-export'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await csvLines(saved[0]!)).toEqual([
      'fields.name,fields.status',
      'thing 2,Running',
      'thing 3,Stopped',
      '',
    ]);
    expect(listCalls(fetchMock)).toHaveLength(asked);
  });

  it('lets an action’s dialog make the change itself for the selection: it closes, the list is asked again, the selection ends', async () => {
    const sent: unknown[] = [];
    const fetchMock = fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/things') return page([thing(1), thing(2)]);
      if (url.pathname !== '/api/things/start-all') return undefined;
      sent.push(JSON.parse(String(init.body)));
      return json(200, { data: {} });
    });
    /** A dialog that does the whole selection in one call (as the VMs' one-click protection does). */
    function AllAtOnce({ rows, onDone }: ActionDialogProps<Thing, unknown>) {
      const startAll = () =>
        void request('POST', '/things/start-all', { body: { uuids: rows.map((row) => row.uuid) } }).then(
          onDone,
        );
      return (
        <button type="button" data-testid="all-at-once" onClick={startAll}>
          {rows.length}
        </button>
      );
    }
    const def = {
      ...thingResource,
      actions: [{ ...thingResource.actions![0]!, confirm: AllAtOnce, run: vi.fn() }],
    };
    renderInApp(<ResourceList def={def} />);
    // The rows and the rights are in once a row's action shows.
    await screen.findByTestId('thing-start-t-1');
    fireEvent.click(screen.getByTestId('thing-select-all').querySelector('input')!);
    fireEvent.click(screen.getByTestId('thing-bulk-start'));
    const asked = listCalls(fetchMock).length;
    fireEvent.click(await screen.findByTestId('all-at-once'));
    await waitFor(() => expect(screen.queryByTestId('all-at-once')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('thing-bulk-bar')).toBeNull());
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(asked));
    expect(sent).toEqual([{ uuids: ['t-1', 't-2'] }]);
    expect(def.actions[0]!.run).not.toHaveBeenCalled();
    expect(screen.queryByTestId('bulk-progress')).toBeNull();
  });

  it('asks for the password over a warning worded with the action’s own values, and stays on a refusal', async () => {
    const sent: unknown[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/things') return page([thing(1)]);
      if (url.pathname !== '/api/things/t-1/start') return undefined;
      const sentBody = JSON.parse(String(init.body)) as { currentPassword: string };
      sent.push(sentBody);
      return sentBody.currentPassword === 'pw'
        ? json(200, { data: thing(1) })
        : json(400, { msg: 'INCORRECT_PASSWORD' });
    });
    const def = {
      ...thingResource,
      actions: [
        {
          ...thingResource.actions![0]!,
          confirm: 'password' as const,
          warning: true,
          dialogValues: (rows: Thing[]) => ({ name: `${rows[0]!.name} and its disks` }),
          run: (t: Thing, input: unknown) => request('POST', `/things/${t.uuid}/start`, { body: input }),
        },
      ],
    };
    renderInApp(<ResourceList def={def} />);
    fireEvent.click(await screen.findByTestId('thing-start-t-1'));
    const dialog = await screen.findByTestId('password-confirm-dialog');
    expect(within(dialog).getByTestId('resource-start-warning').textContent).toBe(
      'actions.start will be requested for thing 1 and its disks.',
    );
    const confirm = (password: string) => {
      fireEvent.change(within(dialog).getByTestId('password-confirm-input'), { target: { value: password } });
      fireEvent.click(within(dialog).getByTestId('password-confirm-submit'));
    };
    // Refused, the warning stays to be read beside the reason; accepted, it goes.
    confirm('wrong');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByTestId('password-confirm-dialog')).toBeTruthy();
    confirm('pw');
    await waitFor(() => expect(screen.queryByTestId('password-confirm-dialog')).toBeNull());
    expect(sent).toEqual([{ currentPassword: 'wrong' }, { currentPassword: 'pw' }]);
  });

  it('exports every page of the filtered list as CSV, not only the one on screen', async () => {
    const all: Thing[] = Array.from({ length: 2345 }, (_, i) => thing(i, { status: i % 2 }));
    const fetchMock = fakeApi(ROOT, (url) => {
      if (url.pathname !== '/api/things') return undefined;
      return pageOf(all, url);
    });
    const saved = captureDownloads();

    renderInApp(<ResourceList def={thingResource} inUrl />, '/vmSetting?status=1&sort=name&orderby=asc');
    await screen.findByText('thing 0');
    fireEvent.click(screen.getByTestId('thing-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const exports = listCalls(fetchMock).slice(1);
    expect(exports.map((u) => u.searchParams.get('page'))).toEqual(['0', '1', '2']);
    for (const u of exports)
      expect(Object.fromEntries(u.searchParams)).toMatchObject({ status: '1', sort: 'name', orderby: 'asc' });
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    // UTF-8 with its byte-order mark (decoding drops the mark, so the bytes are checked).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('fields.name,fields.status');
    expect(lines[1]).toBe('thing 0,Stopped');
    expect(lines[2345]).toBe('thing 2344,Stopped');
    expect(lines).toHaveLength(2347);
  });
});
