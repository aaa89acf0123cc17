import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, AuthorityTree } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import ApiKeysPage from './api-keys-page';

const SECRET = 'cpk_1a2b3c4d5e6f7g8h9i0jklmnopqrstuv';
const DAY = 24 * 60 * 60 * 1000;

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k-1',
  name: 'nightly-backup',
  prefix: 'cpk_9f8e7d6c',
  scope: null,
  createdAt: '2026-11-01T04:00:00.000Z',
  expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
  lastUsedAt: null,
  lastUsedIp: null,
  ...over,
});

/** A user who manages VMs and only sees disks and the dashboard (an IAM user's tree). */
const OPERATOR: AuthorityTree = {
  dashboard: { view: true },
  compute: { vm: { view: true, manage: true }, disk: { view: true } },
  iam: { user: { view: true, manage: true } },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function renderPage(
  keys: ApiKey[],
  options: { authority?: AuthorityTree; create?: (body: unknown) => Response } = {},
) {
  const sent: Sent[] = [];
  fakeApi(options.authority ?? ROOT, (url, init) => {
    const method = init.method ?? 'GET';
    if (!url.pathname.startsWith('/api/api-keys')) return undefined;
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    sent.push({ method, path: url.pathname, body });
    if (method === 'GET') return json(200, { data: keys });
    if (method === 'POST') {
      if (options.create) return options.create(body);
      const made = key({ id: 'k-new', ...(body as Partial<ApiKey>), prefix: SECRET.slice(0, 12) });
      keys.unshift(made);
      return json(200, { data: { ...made, secret: SECRET } });
    }
    if (method === 'DELETE') {
      const id = url.pathname.split('/').pop();
      const gone = keys.find((k) => k.id === id);
      keys.splice(keys.indexOf(gone!), 1);
      return json(200, { data: gone });
    }
    return undefined;
  });
  renderInApp(<ApiKeysPage />, '/apiKeys');
  return sent;
}

const posts = (sent: Sent[]) => sent.filter((s) => s.method === 'POST').map((s) => s.body);

async function openCreate(name = 'deploy-bot') {
  const create = await screen.findByTestId('api-key-create');
  await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(create);
  const dialog = await screen.findByTestId('api-key-create-dialog');
  fireEvent.change(within(dialog).getByTestId('field-name'), { target: { value: name } });
  return dialog;
}

async function chooseExpiry(value: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Expires/ }));
  fireEvent.click(await screen.findByTestId(`api-key-expiry-${value}`));
}

describe('API keys page', () => {
  it('lists each key’s name, prefix, reach, dates and last use, and says what keys cannot do', async () => {
    renderPage([
      key(),
      key({
        id: 'k-2',
        name: 'ci',
        prefix: 'cpk_0a0b0c0d',
        scope: [
          { leaf: 'compute/vm', level: 'manage' },
          { leaf: 'compute/disk', level: 'view' },
        ],
        expiresAt: '2026-01-01T00:00:00.000Z',
        lastUsedAt: '2026-11-20T08:30:00.000Z',
        lastUsedIp: '203.0.113.7',
      }),
    ]);
    const first = await screen.findByTestId('api-key-row-k-1');
    expect(within(first).getByTestId('api-key-name-k-1').textContent).toBe('nightly-backup');
    expect(within(first).getByTestId('api-key-prefix-k-1').textContent).toBe('cpk_9f8e7d6c');
    expect(within(first).getByTestId('api-key-scope-k-1').textContent).toBe('Everything you may do');
    expect(within(first).getByText(/Last used Never/)).toBeTruthy();
    expect(within(first).queryByTestId('api-key-expired-k-1')).toBeNull();

    const second = screen.getByTestId('api-key-row-k-2');
    expect(within(second).getByTestId('api-key-scope-k-2').textContent).toBe(
      'Virtual machines (Manage), Disks (View)',
    );
    expect(within(second).getByTestId('api-key-expired-k-2').textContent).toBe('Expired');
    expect(within(second).getByText(/from 203\.0\.113\.7/)).toBeTruthy();
    expect(screen.getByTestId('api-key-explain').textContent).toMatch(
      /never reach the account, IAM or API key pages/,
    );
  });

  it('creates a key for everything the user may do, ending at the last moment of the day 90 days ahead', async () => {
    const sent = renderPage([]);
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByTestId('api-key-create-dialog-submit'));
    await screen.findByTestId('api-key-secret-dialog');
    const [body] = posts(sent) as { name: string; expiresAt: string; scope: unknown }[];
    expect(body?.name).toBe('deploy-bot');
    expect(body?.scope).toBeNull();
    expect(body?.expiresAt).toMatch(/T23:59:59\.999[+-]\d{2}:\d{2}$/);
    const end = new Date(body!.expiresAt);
    const expected = new Date();
    expected.setDate(expected.getDate() + 90);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([
      expected.getFullYear(),
      expected.getMonth(),
      expected.getDate(),
      23,
    ]);
  });

  it('sends a chosen day and a chosen subset, manage offered only where the user manages', async () => {
    const sent = renderPage([], { authority: OPERATOR });
    const dialog = await openCreate();
    await chooseExpiry('custom');
    const day = new Date(Date.now() + 10 * DAY);
    const typed = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(within(dialog).getByTestId('api-key-expiry-day'), { target: { value: typed } });
    fireEvent.click(within(dialog).getByTestId('api-key-scope-some'));
    // The user's own reach outside IAM: the dashboard, VMs and disks, never IAM users.
    const offered = within(within(dialog).getByTestId('api-key-grants'))
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('data-testid'));
    expect(offered).toEqual([
      'api-key-grant-dashboard',
      'api-key-grant-compute/vm',
      'api-key-grant-compute/disk',
    ]);
    fireEvent.click(within(dialog).getByTestId('api-key-grant-compute/disk'));
    fireEvent.click(within(dialog).getByTestId('api-key-grant-compute/vm'));
    expect(within(dialog).queryByTestId('api-key-level-compute/disk-manage')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('api-key-level-compute/vm-manage'));
    fireEvent.click(within(dialog).getByTestId('api-key-create-dialog-submit'));
    await screen.findByTestId('api-key-secret-dialog');
    expect(posts(sent)).toEqual([
      {
        name: 'deploy-bot',
        expiresAt: expect.stringMatching(new RegExp(`^${typed}T23:59:59\\.999[+-]\\d{2}:\\d{2}$`)) as string,
        scope: [
          { leaf: 'compute/vm', level: 'manage' },
          { leaf: 'compute/disk', level: 'view' },
        ],
      },
    ]);
  });

  it('refuses in the form a subset with nothing chosen, and a day not chosen', async () => {
    const sent = renderPage([], { authority: OPERATOR });
    const dialog = await openCreate();
    await chooseExpiry('custom');
    fireEvent.click(within(dialog).getByTestId('api-key-scope-some'));
    fireEvent.click(within(dialog).getByTestId('api-key-create-dialog-submit'));
    expect((await within(dialog).findByTestId('api-key-scope-error')).textContent).toMatch(
      /Choose at least one permission/,
    );
    expect(within(dialog).getByText(/Choose a day after today, at most a year ahead/)).toBeTruthy();
    expect(posts(sent)).toEqual([]);
  });

  it('shows the secret once, with curl and CLI examples, and never again after closing', async () => {
    renderPage([]);
    const form = await openCreate();
    fireEvent.click(within(form).getByTestId('api-key-create-dialog-submit'));
    const dialog = await screen.findByTestId('api-key-secret-dialog');
    expect(within(dialog).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(within(dialog).getByTestId('api-key-secret-once').textContent).toMatch(/only time it is shown/);
    expect(within(dialog).getByTestId('api-key-curl').textContent).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/vms`,
    );
    expect(within(dialog).getByTestId('api-key-cli').textContent).toBe(`portal login --key ${SECRET}`);
    fireEvent.click(within(dialog).getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret-dialog')).toBeNull());
    expect(await screen.findByTestId('api-key-row-k-new')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('puts the server’s field problems on the fields', async () => {
    renderPage([], {
      create: () =>
        json(400, {
          msg: 'FORMAT_ERROR',
          errors: [
            { path: 'name', message: 'apiError.API_KEY_NAME_EXISTS' },
            { path: 'scope.0.level', message: 'validation.apiKeyScope' },
          ],
        }),
      authority: OPERATOR,
    });
    const dialog = await openCreate('ci');
    fireEvent.click(within(dialog).getByTestId('api-key-scope-some'));
    fireEvent.click(within(dialog).getByTestId('api-key-grant-compute/vm'));
    fireEvent.click(within(dialog).getByTestId('api-key-create-dialog-submit'));
    expect(await within(dialog).findByText('You already have an API key with this name.')).toBeTruthy();
    expect(within(dialog).getByTestId('api-key-scope-error').textContent).toMatch(
      /Choose at least one permission/,
    );
    expect(screen.queryByTestId('api-key-secret-dialog')).toBeNull();
  });

  it('revokes a key after a confirmation, with DELETE and no password', async () => {
    const sent = renderPage([key(), key({ id: 'k-2', name: 'ci' })]);
    fireEvent.click(await screen.findByTestId('api-key-revoke-k-2'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('Revoke ci?')).toBeTruthy();
    expect(within(confirm).queryByLabelText(/password/i)).toBeNull();
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId('api-key-row-k-2')).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => [s.path, s.body])).toEqual([
      ['/api/api-keys/k-2', undefined],
    ]);
    expect(screen.getByTestId('api-key-row-k-1')).toBeTruthy();
  });
});
