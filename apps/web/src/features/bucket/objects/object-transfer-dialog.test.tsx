import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../../test/resource-kit';
import { ObjectTransferDialog } from './object-transfer-dialog';
import { file, folder } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const FOLDERS: Record<string, ReturnType<typeof folder>[]> = {
  '': [folder('docs/'), folder('photos/')],
  'photos/': [folder('photos/2024/')],
  'photos/2024/': [],
  'docs/': [],
};

function open(entries: ReturnType<typeof file>[], answer?: () => Response) {
  const sent: unknown[] = [];
  const onDone = vi.fn();
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/buckets/photos/objects/transfer') {
      sent.push(JSON.parse(String(init.body)));
      return answer ? answer() : json(200, { data: { count: entries.length } });
    }
    if (url.pathname === '/api/buckets/photos/objects') {
      const prefix = url.searchParams.get('prefix') ?? '';
      return json(200, { data: { prefix, entries: FOLDERS[prefix] ?? [], nextCursor: null } });
    }
    return undefined;
  });
  renderInApp(
    <ObjectTransferDialog
      bucket="photos"
      entries={entries}
      initialMode="move"
      startPrefix=""
      onClose={() => undefined}
      onDone={onDone}
    />,
  );
  return { sent, onDone };
}

const INVALID = 'Invalid folder: a folder cannot be copied or moved into itself or one of its sub-folders.';
const submit = () => screen.getByTestId('object-transfer-dialog-submit') as HTMLButtonElement;
const typeDestination = (value: string) =>
  fireEvent.change(screen.getByTestId('field-destination'), { target: { value } });

describe('ObjectTransferDialog', () => {
  it('refuses moving a folder into itself or one of its sub-folders, browsed or typed', async () => {
    const { sent } = open([folder('photos/')]);
    // Browse into the folder being moved: refused at once, nothing sent.
    fireEvent.click(await screen.findByTestId('transfer-folder-photos/'));
    expect((await screen.findByTestId('object-transfer-problem')).textContent).toBe(INVALID);
    expect(submit().disabled).toBe(true);

    fireEvent.click(await screen.findByTestId('transfer-folder-photos/2024/'));
    await waitFor(() =>
      expect(screen.getByTestId('field-destination')).toHaveProperty('value', 'photos/2024/'),
    );
    expect(screen.getByTestId('object-transfer-problem').textContent).toBe(INVALID);

    typeDestination('/photos/2024');
    expect(screen.getByTestId('object-transfer-problem').textContent).toBe(INVALID);
    expect(submit().disabled).toBe(true);

    typeDestination('docs');
    expect(screen.queryByTestId('object-transfer-problem')).toBeNull();
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    await waitFor(() => expect(sent).toEqual([{ keys: ['photos/'], destination: 'docs/', mode: 'move' }]));
  });

  it('refuses the folder a file already sits in, and shows the server’s refusal', async () => {
    const { sent, onDone } = open([file('a.txt')], () => json(400, { msg: 'INVALID_DIRECTORY' }));
    await screen.findByTestId('transfer-folder-docs/');
    // Starting where the file is: the button waits for another folder.
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('transfer-mode-copy').querySelector('input')!);
    typeDestination('docs/');
    fireEvent.click(submit());
    expect((await screen.findByTestId('object-transfer-problem')).textContent).toBe(INVALID);
    expect(sent).toEqual([{ keys: ['a.txt'], destination: 'docs/', mode: 'copy' }]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
