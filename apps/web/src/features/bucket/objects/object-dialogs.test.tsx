import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headersOf, json } from '../../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../../test/resource-kit';
import { FolderCreateDialog } from './folder-create-dialog';
import { ObjectRenameDialog } from './object-rename-dialog';
import { downloadObject } from './objects-api';
import { file, folder } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const FOLDER_RULE = 'A folder name may use letters and digits only.';
const type = (name: string, value: string) =>
  fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
const fieldText = (name: string) =>
  screen.getByTestId(`field-${name}`).closest('.MuiFormControl-root')!.textContent;

function capture(path: string, answer: () => Response = () => json(200, { data: null })) {
  const sent: unknown[] = [];
  const fetchMock = fakeApi(ROOT, (url, init) => {
    if (url.pathname !== path) return undefined;
    sent.push(init.body ? JSON.parse(String(init.body)) : null);
    return answer();
  });
  return { sent, fetchMock };
}

describe('FolderCreateDialog', () => {
  it('checks the folder name as it is typed and creates it in the folder shown', async () => {
    const { sent } = capture('/api/buckets/photos/folders');
    const onCreated = vi.fn();
    renderInApp(
      <FolderCreateDialog bucket="photos" prefix="docs/" onClose={() => undefined} onCreated={onCreated} />,
    );
    type('name', 'my folder');
    await waitFor(() => expect(fieldText('name')).toContain(FOLDER_RULE));
    type('name', 'a/b');
    await waitFor(() => expect(fieldText('name')).toContain(FOLDER_RULE));
    type('name', 'Q4report');
    await waitFor(() => expect(fieldText('name')).not.toContain(FOLDER_RULE));
    fireEvent.click(screen.getByTestId('object-folder-dialog-submit'));
    await waitFor(() => expect(sent).toEqual([{ prefix: 'docs/', name: 'Q4report' }]));
    expect(onCreated).toHaveBeenCalled();
  });
});

describe('ObjectRenameDialog', () => {
  it('refuses a slash in a file name and renames within the folder', async () => {
    const { sent } = capture('/api/buckets/photos/objects/rename');
    renderInApp(
      <ObjectRenameDialog
        bucket="photos"
        entry={file('docs/a.txt')}
        onClose={() => undefined}
        onDone={() => undefined}
      />,
    );
    type('newName', 'x/b.txt');
    await waitFor(() => expect(fieldText('newName')).toContain('A name cannot contain a slash (/).'));
    fireEvent.click(screen.getByTestId('object-rename-dialog-submit'));
    type('newName', '..');
    await waitFor(() => expect(fieldText('newName')).toContain("'.' and '..' cannot be a name or a folder"));
    fireEvent.click(screen.getByTestId('object-rename-dialog-submit'));
    // The form validates before it sends (asynchronously): give it the time a user would.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual([]);
    type('newName', 'b c.txt');
    fireEvent.click(screen.getByTestId('object-rename-dialog-submit'));
    await waitFor(() => expect(sent).toEqual([{ key: 'docs/a.txt', newName: 'b c.txt' }]));
  });

  it('holds a folder to letters and digits and shows the server’s refusal in the dialog', async () => {
    const { sent } = capture('/api/buckets/photos/objects/rename', () => json(404, { msg: 'NO_SUCH_KEY' }));
    renderInApp(
      <ObjectRenameDialog
        bucket="photos"
        entry={folder('docs/')}
        onClose={() => undefined}
        onDone={() => undefined}
      />,
    );
    type('newName', 'old-docs');
    await waitFor(() => expect(fieldText('newName')).toContain(FOLDER_RULE));
    type('newName', 'archive');
    fireEvent.click(screen.getByTestId('object-rename-dialog-submit'));
    expect((await screen.findByTestId('object-rename-problem')).textContent).toBe(
      'The object does not exist.',
    );
    expect(sent).toEqual([{ key: 'docs/', newName: 'archive' }]);
  });
});

describe('downloadObject', () => {
  it('fetches the file with the session token and hands it to the browser to save', async () => {
    const { fetchMock } = capture('/api/buckets/photos/objects/download');
    fetchMock.mockImplementation(() => Promise.resolve(new Response('file body', { status: 200 })));
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await downloadObject('photos', 'docs/report 1.pdf');
    const call = fetchMock.mock.calls[0]!;
    expect(String(call[0])).toBe('/api/buckets/photos/objects/download?key=docs%2Freport+1.pdf');
    expect(headersOf(call).get('Authorization')).toMatch(/^Bearer test-token-/);
    expect(saved).toEqual(['report 1.pdf']);
    click.mockRestore();
  });
});
