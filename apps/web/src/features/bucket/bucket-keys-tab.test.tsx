import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bucket, BucketKey } from '@portal/shared';
import { captureDownloads, csvLines } from '../../test/downloads';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { BucketKeysTab } from './bucket-keys-tab';
import { BUCKET as OBJECTS_BUCKET } from './objects/test-fixtures';

const BUCKET: Bucket = { ...OBJECTS_BUCKET, createdAt: '2026-11-26T04:00:00.000Z' };
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const key = (over: Partial<BucketKey> = {}): BucketKey => ({
  id: 'k-1',
  name: 'backup',
  accessKeyId: 'AKIAEXAMPLE0000001',
  bucketName: 'photos',
  createdAt: '2026-11-26T04:10:00.000Z',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTab(bucket: Bucket = BUCKET) {
  const keys: BucketKey[] = [
    key({ id: 'k-0', name: 'everything', accessKeyId: 'AKIAALL', bucketName: null }),
  ];
  const posts: unknown[] = [];
  const fetchMock = fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/bucket-keys' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; bucketName: string | null };
      posts.push(body);
      const made = key({ name: body.name, bucketName: body.bucketName });
      keys.push(made);
      return json(200, { data: { ...made, secretAccessKey: SECRET } });
    }
    if (url.pathname === '/api/bucket-keys') return page(keys);
    return undefined;
  });
  renderInApp(<BucketKeysTab bucket={bucket} />, '/bucket/photos?tab=keys');
  return { posts, fetchMock };
}

describe('bucket API secret keys tab', () => {
  it('lists the keys with their scope, asked for this bucket', async () => {
    const { fetchMock } = renderTab();
    const row = await screen.findByTestId('bucket-key-k-0');
    expect(within(row).getAllByText('AKIAALL').length).toBeGreaterThan(0);
    expect(within(row).getAllByText('All buckets').length).toBeGreaterThan(0);
    const asked = fetchMock.mock.calls
      .map((c) => new URL(String(c[0]), 'http://x'))
      .find((u) => u.pathname === '/api/bucket-keys');
    expect(asked?.searchParams.get('bucketName')).toBe('photos');
  });

  it('shows a new key’s secret once, with the endpoint, region and an AWS CLI example', async () => {
    const { posts } = renderTab();
    fireEvent.click(await screen.findByTestId('bucket-key-create'));
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'nightly backup' } });
    fireEvent.click(screen.getByTestId('bucket-key-create-dialog-submit'));
    const dialog = await screen.findByTestId('bucket-key-secret-dialog');
    expect(posts).toEqual([{ name: 'nightly backup', bucketName: 'photos' }]);
    expect(within(dialog).getByTestId('bucket-key-secret').textContent).toBe(SECRET);
    expect(within(dialog).getByTestId('bucket-key-access-id').textContent).toBe('AKIAEXAMPLE0000001');
    expect(within(dialog).getByText(/only time it is shown/)).toBeTruthy();
    expect(within(dialog).getByTestId('bucket-key-cli').textContent).toContain(
      'aws s3 ls s3://t0123456789a-photos/ --endpoint-url http://127.0.0.1:9000',
    );
    expect(within(dialog).getByText('us-east-1')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('bucket-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('bucket-key-secret-dialog')).toBeNull());
    // The list shows the new key, and the secret is nowhere on the page any more.
    expect(await screen.findByText('nightly backup')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('makes a key for every bucket when that scope is chosen', async () => {
    const { posts } = renderTab();
    fireEvent.click(await screen.findByTestId('bucket-key-create'));
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'all' } });
    fireEvent.click(screen.getByTestId('bucket-key-scope-all'));
    fireEvent.click(screen.getByTestId('bucket-key-create-dialog-submit'));
    await screen.findByTestId('bucket-key-secret-dialog');
    expect(posts).toEqual([{ name: 'all', bucketName: null }]);
  });

  it('exports the bucket’s keys as CSV, asked for this bucket, and never a secret', async () => {
    const { fetchMock } = renderTab();
    const saved = captureDownloads();
    // A key just made: its secret was on screen once, and the export must not carry it.
    fireEvent.click(await screen.findByTestId('bucket-key-create'));
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'nightly' } });
    fireEvent.click(screen.getByTestId('bucket-key-create-dialog-submit'));
    fireEvent.click(await screen.findByTestId('bucket-key-secret-done'));
    await screen.findByText('nightly');
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByTestId('bucket-keys-export'));
    await waitFor(() => expect(saved).toHaveLength(1));

    const asked = fetchMock.mock.calls.slice(before).map((c) => new URL(String(c[0]), 'http://x'));
    expect(
      asked.map((u) => [u.pathname, u.searchParams.get('bucketName'), u.searchParams.get('page')]),
    ).toEqual([['/api/bucket-keys', 'photos', '0']]);
    const lines = await csvLines(saved[0]!);
    expect(lines).toEqual([
      'Name,Access key ID,Reaches,Created',
      'everything,AKIAALL,All buckets,2026-11-26T04:10:00.000Z',
      'nightly,AKIAEXAMPLE0000001,This bucket,2026-11-26T04:10:00.000Z',
      '',
    ]);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('explains instead of offering keys when the service does not issue them', async () => {
    const { fetchMock } = renderTab({ ...BUCKET, keysIssued: false });
    expect((await screen.findByTestId('bucket-keys-not-issued')).textContent).toMatch(
      /does not issue API secret keys/,
    );
    expect(screen.queryByTestId('bucket-key-create')).toBeNull();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/bucket-keys'))).toBe(false);
  });
});
