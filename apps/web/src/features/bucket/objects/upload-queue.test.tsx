import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../../test/resource-kit';
import { BucketObjectsTab } from './bucket-objects-tab';
import { BUCKET } from './test-fixtures';

/** An XMLHttpRequest the test answers by hand: progress, then a status and a body. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown = { data: null }) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

function setup() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const listed: string[] = [];
  fakeApi(ROOT, (url) => {
    if (url.pathname !== '/api/buckets/photos/objects') return undefined;
    listed.push(url.searchParams.get('prefix') ?? '');
    return json(200, {
      data: { prefix: url.searchParams.get('prefix') ?? '', entries: [], nextCursor: null },
    });
  });
  renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b?prefix=in%2F');
  return listed;
}

const item = (key: string) =>
  screen.getAllByTestId('upload-item').find((el) => el.textContent?.startsWith(key))!;

describe('the upload queue', () => {
  it('sends each file with the session headers, shows its progress, and its outcome with the reason', async () => {
    const listed = setup();
    await screen.findByText('This folder is empty.');
    const a = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const b = new File([new Uint8Array(10)], 'b.bin');
    fireEvent.change(screen.getByTestId('objects-files-input'), { target: { files: [a, b] } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(first.method).toBe('PUT');
    expect(first.url).toBe('/api/buckets/photos/objects?key=in%2Fa.txt');
    expect(first.body).toBe(a);
    expect(first.headers.authorization).toMatch(/^Bearer test-token-/);
    expect(first.headers['accept-language']).toBe('en');
    expect(first.headers['content-type']).toBe('text/plain');
    expect(second.headers['content-type']).toBe('application/octet-stream');

    first.progress(2, 5);
    expect(within(item('in/a.txt')).getByTestId('upload-item-status').textContent).toBe('40%');
    expect(within(item('in/a.txt')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    first.answer(200);
    second.answer(413, { msg: 'PAYLOAD_TOO_LARGE' });
    await waitFor(() => expect(item('in/a.txt').getAttribute('data-status')).toBe('done'));
    expect(within(item('in/a.txt')).getByTestId('upload-item-status').textContent).toBe('Done');
    expect(item('in/b.bin').getAttribute('data-status')).toBe('failed');
    expect(within(item('in/b.bin')).getByTestId('upload-item-reason').textContent).toBe(
      'The upload is too large.',
    );
    expect(screen.getByTestId('upload-summary').textContent).toBe('Uploaded 1 of 2 · failed 1 · cancelled 0');
    // The listing is read again once the queue is done.
    await waitFor(() => expect(listed.length).toBeGreaterThan(1));
  });

  it('keeps a folder’s relative paths, sends three at a time, and cancels', async () => {
    setup();
    await screen.findByText('This folder is empty.');
    const files = ['x/1.txt', 'x/2.txt', 'x/sub/3.txt', 'x/4.txt'].map((path) => {
      const f = new File(['.'], path.split('/').pop()!);
      Object.defineProperty(f, 'webkitRelativePath', { value: path });
      return f;
    });
    fireEvent.change(screen.getByTestId('objects-folder-input'), { target: { files } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(FakeXhr.sent.map((x) => decodeURIComponent(x.url.split('key=')[1]!))).toEqual([
      'in/x/1.txt',
      'in/x/2.txt',
      'in/x/sub/3.txt',
    ]);
    expect(item('in/x/4.txt').getAttribute('data-status')).toBe('waiting');

    fireEvent.click(within(item('in/x/1.txt')).getByTestId('upload-item-cancel'));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(item('in/x/1.txt').getAttribute('data-status')).toBe('cancelled'));
    // The freed place goes to the file that waited.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(4));

    fireEvent.click(screen.getByTestId('upload-cancel-all'));
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-item').map((el) => el.getAttribute('data-status'))).toEqual([
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]),
    );
    fireEvent.click(screen.getByTestId('upload-clear'));
    expect(screen.queryByTestId('upload-panel')).toBeNull();
  });

  it('refuses a key longer than S3 allows without sending it', async () => {
    setup();
    await screen.findByText('This folder is empty.');
    fireEvent.change(screen.getByTestId('objects-files-input'), {
      target: { files: [new File(['.'], `${'n'.repeat(1030)}.txt`)] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('upload-item-reason').textContent).toBe('The object name is too long.'),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file whose path would climb out of the bucket without sending it', async () => {
    setup();
    await screen.findByText('This folder is empty.');
    const climbing = new File(['.'], 'x.txt');
    Object.defineProperty(climbing, 'webkitRelativePath', { value: '../other/x.txt' });
    fireEvent.change(screen.getByTestId('objects-files-input'), { target: { files: [climbing] } });
    await waitFor(() =>
      expect(screen.getByTestId('upload-item-reason').textContent).toContain(
        'This object name is not allowed',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
