import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvLines } from '../../../test/downloads';
import { json } from '../../../test/http';
import type { AuthorityTree } from '@portal/shared';
import { ROOT, fakeApi, renderInApp } from '../../../test/resource-kit';
import { formatDateTime } from '../../../lib/format/date-time';
import { BucketObjectsTab } from './bucket-objects-tab';
import { BUCKET, file, folder } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LISTING = '/api/buckets/photos/objects';

/** Answers listings from `pages` by prefix and cursor; returns the listing calls' queries. */
function serve(
  pages: Record<string, { entries: ReturnType<typeof file>[]; nextCursor: string | null }>,
  authority = ROOT,
) {
  const asked: Record<string, string>[] = [];
  fakeApi(authority, (url) => {
    if (url.pathname !== LISTING) return undefined;
    const query = Object.fromEntries(url.searchParams);
    asked.push(query);
    const page = pages[`${query.prefix ?? ''}|${query.cursor ?? ''}`];
    return page
      ? json(200, { data: { prefix: query.prefix ?? '', ...page } })
      : json(404, { msg: 'NO_SUCH_BUCKET' });
  });
  return asked;
}

const rows = () => screen.getAllByTestId('object-row').map((row) => row.getAttribute('data-key'));
const location = () => screen.getByTestId('location').textContent;

describe('BucketObjectsTab', () => {
  it('lists folders and files with size, type and time, and opens folders through the address', async () => {
    const asked = serve({
      '|': { entries: [folder('docs/'), file('a.txt', 1536)], nextCursor: null },
      'docs/|': {
        entries: [folder('docs/2024/'), file('docs/report.pdf', 3 * 1024 * 1024)],
        nextCursor: null,
      },
      'docs/2024/|': { entries: [], nextCursor: null },
    });
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/bucketDetail/photos?tab=objects');

    await waitFor(() => expect(rows()).toEqual(['docs/', 'a.txt']));
    const fileRow = screen.getAllByTestId('object-row')[1]!;
    expect(within(fileRow).getByTestId('object-size').textContent).toBe('1.5 KB');
    expect(within(fileRow).getByText('TXT')).toBeTruthy();
    expect(within(fileRow).getByTestId('object-modified').textContent).toBe(
      formatDateTime('2026-11-20T08:30:00.000Z', 'en'),
    );
    expect(asked[0]).toMatchObject({ prefix: '', limit: '100' });

    fireEvent.click(screen.getByTestId('object-open-docs/'));
    await waitFor(() => expect(rows()).toEqual(['docs/2024/', 'docs/report.pdf']));
    expect(location()).toBe('/bucketDetail/photos?tab=objects&prefix=docs%2F');
    expect(screen.getAllByTestId('object-size')[1]!.textContent).toBe('3 MB');

    fireEvent.click(screen.getByTestId('object-open-docs/2024/'));
    expect(await screen.findByText('This folder is empty.')).toBeTruthy();
    const crumbs = screen.getByTestId('object-breadcrumb');
    expect(within(crumbs).getByText('2024').getAttribute('aria-current')).toBe('page');

    // Back up by the breadcrumb: the folder in between, then the top.
    fireEvent.click(screen.getByTestId('crumb-docs/'));
    await waitFor(() => expect(rows()).toEqual(['docs/2024/', 'docs/report.pdf']));
    fireEvent.click(screen.getByTestId('crumb-top'));
    await waitFor(() => expect(rows()).toEqual(['docs/', 'a.txt']));
    expect(location()).toBe('/bucketDetail/photos?tab=objects');
  });

  it('opens the folder the address names (a reload) and says when the bucket is empty', async () => {
    serve({
      'docs/|': { entries: [file('docs/x.bin', 10)], nextCursor: null },
      '|': { entries: [], nextCursor: null },
    });
    const { unmount } = renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b?prefix=docs%2F');
    await waitFor(() => expect(rows()).toEqual(['docs/x.bin']));
    unmount();
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b');
    expect(await screen.findByText(/This bucket is empty/)).toBeTruthy();
  });

  it('pages by cursor, forward and back (S3 gives no totals)', async () => {
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => file(`f${from + i}.log`, 1));
    const asked = serve({
      '|': { entries: many(0, 3), nextCursor: 'c1' },
      '|c1': { entries: many(100, 3), nextCursor: 'c2' },
      '|c2': { entries: many(200, 2), nextCursor: null },
    });
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b');
    await waitFor(() => expect(rows()[0]).toBe('f0.log'));
    expect((screen.getByTestId('object-page-previous') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('object-page-next'));
    await waitFor(() => expect(rows()[0]).toBe('f100.log'));
    expect(screen.getByTestId('object-page-rows').textContent).toBe('Page 2: 101–103');
    fireEvent.click(screen.getByTestId('object-page-next'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByTestId('object-page-next') as HTMLButtonElement).disabled).toBe(true);
    expect(asked.map((q) => q.cursor)).toEqual([undefined, 'c1', 'c2']);

    fireEvent.click(screen.getByTestId('object-page-previous'));
    await waitFor(() => expect(rows()[0]).toBe('f100.log'));
  });

  it('deletes selected rows after a confirmation that says folders go with their contents', async () => {
    const deleted: unknown[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/buckets/photos/objects/delete') {
        deleted.push(JSON.parse(String(init.body)));
        return json(200, { data: { count: 3 } });
      }
      if (url.pathname === LISTING)
        return json(200, {
          data: { prefix: '', entries: [folder('docs/'), file('a.txt')], nextCursor: null },
        });
      return undefined;
    });
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('objects-select-all').querySelector('input')!);
    expect(screen.getByTestId('objects-bulk').textContent).toContain('2 items selected');
    fireEvent.click(screen.getByTestId('objects-bulk-delete'));
    expect(screen.getByTestId('object-delete-folders').textContent).toBe(
      'The folder is deleted with every file and folder in it.',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(deleted).toEqual([{ keys: ['docs/', 'a.txt'] }]));
  });

  it('offers a view-only user downloads and public URLs, no change and no presigned link (the server would refuse both)', async () => {
    serve({ '|': { entries: [file('a.txt')], nextCursor: null } }, {
      storage: { bucket: { view: true } },
    } as AuthorityTree);
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b');
    await waitFor(() => expect(rows()).toEqual(['a.txt']));
    expect(screen.queryByTestId('objects-upload-files')).toBeNull();
    expect(screen.queryByTestId('objects-select-all')).toBeNull();
    fireEvent.click(screen.getByTestId('object-more-a.txt'));
    expect(screen.queryByTestId('object-delete-a.txt')).toBeNull();
    expect(screen.queryByTestId('object-presign-a.txt')).toBeNull();
    expect(screen.getByTestId('object-url-a.txt')).toBeTruthy();
  });

  it('exports every page of the folder shown as CSV, following the cursor', async () => {
    const asked = serve({
      'docs/|': { entries: [folder('docs/2024/'), file('docs/a.txt', 10)], nextCursor: 'c1' },
      'docs/|c1': { entries: [file('docs/b.csv', 2048)], nextCursor: null },
    });
    const saved = captureDownloads();
    renderInApp(<BucketObjectsTab bucket={BUCKET} />, '/b?prefix=docs%2F');
    await waitFor(() => expect(rows()).toEqual(['docs/2024/', 'docs/a.txt']));
    const before = asked.length;
    fireEvent.click(screen.getByTestId('objects-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    expect(asked.slice(before)).toEqual([
      { prefix: 'docs/', limit: '1000' },
      { prefix: 'docs/', cursor: 'c1', limit: '1000' },
    ]);
    expect(await csvLines(saved[0]!)).toEqual([
      'Name,Key,Type,Size (bytes),Last modified',
      '2024,docs/2024/,Folder,,',
      'a.txt,docs/a.txt,TXT,10,2026-11-20T08:30:00.000Z',
      'b.csv,docs/b.csv,CSV,2048,2026-11-20T08:30:00.000Z',
      '',
    ]);
  });
});
