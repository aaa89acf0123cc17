import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { BucketCreateDialog } from './bucket-create-dialog';
import { BUCKET } from './objects/test-fixtures';

const bucket = (name: string, isPublic: boolean) => ({
  ...BUCKET,
  name,
  s3Name: `t0123456789a-${name}`,
  isPublic,
  createdAt: '2026-11-26T04:00:00.000Z',
});

function renderDialog(answer: (body: { name: string; isPublic: boolean }) => Response) {
  const posts: unknown[] = [];
  const onClose = vi.fn();
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/buckets' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; isPublic: boolean };
      posts.push(body);
      return answer(body);
    }
    return pricesAnswer(url);
  });
  renderInApp(<BucketCreateDialog onClose={onClose} />, '/bucket');
  return { posts, onClose };
}

const nameField = () => screen.getByTestId('field-name') as HTMLInputElement;
const type = (value: string) => fireEvent.change(nameField(), { target: { value } });
const RULE = 'Use 3 to 63 lower-case letters, digits or hyphens (-).';

afterEach(() => vi.unstubAllGlobals());

describe('bucket create dialog', () => {
  it('checks the name with the shared rule as it is typed and sends nothing while it is wrong', async () => {
    const { posts } = renderDialog((b) => json(200, { data: bucket(b.name, b.isPublic) }));
    type('My_Photos');
    expect(await screen.findByText(RULE)).toBeTruthy();
    type('ab');
    expect(await screen.findByText(RULE)).toBeTruthy();
    type('-photos');
    expect(await screen.findByText(RULE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('bucket-create-dialog-submit'));
    type('photos-2026');
    await waitFor(() => expect(screen.queryByText(RULE)).toBeNull());
    expect(posts).toEqual([]);
  });

  it('says creating is free and stored data is charged by the GB-month, from the price list', async () => {
    renderDialog((b) => json(200, { data: bucket(b.name, b.isPublic) }));
    await waitFor(() =>
      expect(screen.getByTestId('bucket-price-total').textContent).toBe('NT$ 0.00 / month'),
    );
    expect(screen.getByTestId('bucket-price-none').textContent).toBe('No fixed monthly charge');
    expect(screen.getByTestId('bucket-price-rate-obs.storage').textContent).toBe(
      'Stored dataNT$ 0.75 per GB-month stored',
    );
    expect(
      screen.getByText(/data-store contract is in force, stored data counts against its commitment/),
    ).toBeTruthy();
  });

  it('explains public read when switched on, creates the bucket and opens its page', async () => {
    const { posts, onClose } = renderDialog((b) => json(200, { data: bucket(b.name, b.isPublic) }));
    expect(screen.getByTestId('bucket-create-public-note').textContent).toMatch(/^Private: only you/);
    fireEvent.click(screen.getByTestId('field-isPublic'));
    expect(screen.getByTestId('bucket-create-public-note').textContent).toMatch(
      /anyone who has an object's URL can read every object.*Nobody can list/,
    );
    type('photos');
    fireEvent.click(screen.getByTestId('bucket-create-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bucket/photos'));
    expect(posts).toEqual([{ name: 'photos', isPublic: true }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s refusal of the name on the name field and stays open', async () => {
    const { onClose } = renderDialog(() => json(400, { msg: 'BUCKET_ALREADY_EXISTS' }));
    type('photos');
    fireEvent.click(screen.getByTestId('bucket-create-dialog-submit'));
    expect(await screen.findByText('You already have a bucket with this name.')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('bucket-create-dialog')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/bucket');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a 400’s field problems on the fields', async () => {
    renderDialog(() =>
      json(400, { msg: 'FORMAT_ERROR', errors: [{ path: 'name', message: 'validation.needBeS3Bucket' }] }),
    );
    type('photos');
    fireEvent.click(screen.getByTestId('bucket-create-dialog-submit'));
    expect(await screen.findByText(RULE)).toBeTruthy();
  });
});
