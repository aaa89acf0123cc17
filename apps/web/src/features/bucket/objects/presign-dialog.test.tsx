import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../../test/resource-kit';
import { formatDateTime } from '../../../lib/format/date-time';
import { ObjectUrlDialog } from './object-url-dialog';
import { PresignDialog } from './presign-dialog';
import { BUCKET, file } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const RULE = 'Enter whole minutes from 1 to 10,080 (7 days).';
const minutes = (value: string) =>
  fireEvent.change(screen.getByTestId('field-expiresMinutes'), { target: { value } });
const message = () => screen.getByTestId('field-expiresMinutes').closest('.MuiFormControl-root')!.textContent;

describe('PresignDialog', () => {
  it('checks the minutes as they are typed, then shows the link, its expiry and a live countdown', async () => {
    const sent: unknown[] = [];
    let expiresAt = '';
    fakeApi(ROOT, (url, init) => {
      if (url.pathname !== '/api/buckets/photos/objects/presign') return undefined;
      sent.push(JSON.parse(String(init.body)));
      expiresAt = new Date(Date.now() + 2500).toISOString();
      return json(200, {
        data: { url: 'http://127.0.0.1:9000/t-photos/a.txt?X-Amz-Signature=abc', expiresAt },
      });
    });
    renderInApp(<PresignDialog bucket="photos" entry={file('dir/a.txt')} onClose={() => undefined} />);

    minutes('0');
    await waitFor(() => expect(message()).toContain(RULE));
    minutes('10081');
    await waitFor(() => expect(message()).toContain(RULE));
    minutes('1.5');
    await waitFor(() => expect(message()).toContain('Enter a whole number.'));
    minutes('10080');
    await waitFor(() => expect(message()).toContain('1 to 10,080 minutes (7 days).'));
    minutes('30');
    fireEvent.click(screen.getByTestId('object-presign-dialog-submit'));

    expect((await screen.findByTestId('presign-url')).textContent).toBe(
      'http://127.0.0.1:9000/t-photos/a.txt?X-Amz-Signature=abc',
    );
    expect(sent).toEqual([{ key: 'dir/a.txt', expiresMinutes: 30 }]);
    expect(screen.getByTestId('presign-expires-at').textContent).toBe(
      `Expires at ${formatDateTime(expiresAt, 'en')}`,
    );
    expect(screen.getByTestId('presign-countdown').textContent).toMatch(/^Expires in 00:0[123]$/);
    await waitFor(() =>
      expect(screen.getByTestId('presign-countdown').textContent).toBe('This link has expired.'),
    );
  });
});

describe('ObjectUrlDialog', () => {
  it('gives a public bucket’s file its address, each part encoded', () => {
    renderInApp(
      <ObjectUrlDialog
        bucket={{ ...BUCKET, isPublic: true }}
        entry={file('my docs/a b#1.txt')}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('object-url').textContent).toBe(
      'http://127.0.0.1:9000/t0123456789a-photos/my%20docs/a%20b%231.txt',
    );
  });

  it('says why a private bucket’s file has none', () => {
    renderInApp(<ObjectUrlDialog bucket={BUCKET} entry={file('a.txt')} onClose={() => undefined} />);
    expect(screen.queryByTestId('object-url')).toBeNull();
    expect(screen.getByTestId('object-url-private').textContent).toMatch(/private/);
  });
});
