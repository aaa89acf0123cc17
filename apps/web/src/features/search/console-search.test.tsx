import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '@portal/shared';
import { changeLanguage } from '../../lib/i18n/i18n';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { ConsoleSearch } from './console-search';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeLanguage('en'));
});

const hit = (over: Partial<SearchHit>): SearchHit => ({
  kind: 'vm',
  id: 'vm-1',
  title: 'web-1',
  subtitle: '10.0.0.10',
  subtitleKind: null,
  status: 1,
  matched: { field: 'name', text: 'web-1' },
  path: '/vmSetting/vm-1',
  ...over,
});

const HITS = [
  hit({}),
  hit({ id: 'vm-2', title: 'web-2', subtitle: '10.0.0.11', path: '/vmSetting/vm-2' }),
  hit({
    kind: 'disk',
    id: 'd-1',
    title: 'web-1-root',
    subtitle: 'web-1',
    subtitleKind: 'vm',
    status: 0,
    matched: { field: 'name', text: 'web-1-root' },
    path: '/diskList?search=d-1',
  }),
];

/** Hits of the kinds found by name, pair key or provider: a rule, a cloud exchange, a credential. */
const AWS_HITS = [
  hit({
    kind: 'snapshotRule',
    id: 'r-1',
    title: 'aws-nightly',
    subtitle: null,
    status: null,
    matched: { field: 'name', text: 'aws-nightly' },
    path: '/editSnapshotRule/r-1',
  }),
  hit({
    kind: 'cloudExchange',
    id: 'x-1',
    title: 'dxcon-fgq8x2ma',
    subtitle: 'AWS · default',
    status: 2,
    matched: { field: 'provider', text: 'AWS' },
    path: '/exCloud?tab=aws&search=dxcon-fgq8x2ma',
  }),
  hit({
    kind: 'cloudCredential',
    id: 'c-1',
    title: 'AWS',
    subtitle: 'AKIA••••MPLE',
    status: null,
    matched: { field: 'keyId', text: 'AKIA••••MPLE' },
    path: '/exCloud?tab=aws',
  }),
];

function setup() {
  const asked: string[] = [];
  fakeApi(ROOT, (url) => {
    if (url.pathname !== '/api/search') return undefined;
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    return json(200, { data: { hits: q === 'web' ? HITS : q === 'aws' ? AWS_HITS : [] } });
  });
  renderInApp(<ConsoleSearch />, '/dashboard');
  return asked;
}

const input = () => screen.findByTestId('search-input');

describe('the console search palette', () => {
  it('opens on Ctrl+K, asks once typing pauses, moves with the arrows and opens with Enter', async () => {
    const asked = setup();
    act(() => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    });
    const box = await input();
    expect(document.activeElement).toBe(box);
    expect(screen.getByTestId('search-hint').textContent).toContain('by name, id or IP address');
    fireEvent.change(box, { target: { value: 'w' } });
    fireEvent.change(box, { target: { value: 'web' } });
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    // One question: the one typing paused at.
    expect(asked).toEqual(['web']);
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(within(list).getByRole('group', { name: 'Virtual machines' })).toBeTruthy();
    const options = within(list).getAllByRole('option');
    // The disk names the VM it is on; what matched the question is marked.
    expect(options[2]!.textContent).toBe('web-1-rootVM: web-1Ready');
    expect([...options[2]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['web', 'web']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/diskList?search=d-1'));
    await waitFor(() => expect(screen.queryByTestId('search-input')).toBeNull());
  });

  it('shows snapshot rules, cloud exchanges and credentials under their labels and icons', async () => {
    setup();
    fireEvent.click(screen.getByTestId('console-search-box'));
    const box = await input();
    fireEvent.change(box, { target: { value: 'aws' } });
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    for (const [group, icon] of [
      ['Snapshot rules', 'EventRepeatIcon'],
      ['Cloud connections', 'CableIcon'],
      ['Public-cloud credentials', 'VpnKeyIcon'],
    ] as const) {
      const options = within(within(list).getByRole('group', { name: group })).getAllByRole('option');
      expect(options, group).toHaveLength(1);
      expect(within(options[0]!).getByTestId(icon)).toBeTruthy();
    }
    const [rule, exchange, credential] = within(list).getAllByRole('option');
    expect(rule!.textContent).toBe('aws-nightly');
    // The exchange's status is named, and the field it matched by (its provider) on a line of its own.
    expect(exchange!.textContent).toBe('dxcon-fgq8x2maAWS · defaultProvider: AWSDone');
    expect(credential!.textContent).toBe('AWSAKIA••••MPLE');
    // The field's name and its text are joined as the page's language joins them.
    await act(() => changeLanguage('zh-TW'));
    expect(within(list).getAllByRole('option')[1]!.textContent).toBe(
      'dxcon-fgq8x2maAWS · default雲端供應商：AWS已完成',
    );
    await act(() => changeLanguage('en'));
    fireEvent.click(exchange!);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/exCloud?tab=aws&search=dxcon-fgq8x2ma'),
    );
  });

  it('says when nothing is found, and closes on Escape', async () => {
    setup();
    fireEvent.click(screen.getByTestId('console-search-box'));
    const box = await input();
    fireEvent.change(box, { target: { value: 'nothing' } });
    expect((await screen.findByTestId('search-empty')).textContent).toBe('Nothing found for “nothing”.');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-input')).toBeNull());
  });
});
