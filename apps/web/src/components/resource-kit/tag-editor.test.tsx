import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { TagEditor } from './tag-editor';
import { type } from '../../test/form-events';

const TAGS = [{ id: '1', resId: 'vm-1', type: 'vms', key: 'env', value: 'prod' }];
function renderEditor(onSave = vi.fn(async () => undefined), canEdit = true) {
  render(<TagEditor tags={TAGS} keys={['env', 'team']} canEdit={canEdit} onSave={onSave} />);
  return onSave;
}

describe('<TagEditor>', () => {
  it('adds and removes rows and saves the whole set', async () => {
    const onSave = renderEditor();
    fireEvent.click(screen.getByTestId('tag-add'));
    type('tags.1.key', ' team ');
    type('tags.1.value', 'web');
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        tags: [
          { key: 'env', value: 'prod' },
          { key: 'team', value: 'web' },
        ],
      }),
    );
    fireEvent.click(screen.getByTestId('tag-remove-0'));
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith({ tags: [{ key: 'team', value: 'web' }] }));
  });

  it('shows the shared schema’s messages on the fields and sends nothing', async () => {
    const onSave = renderEditor();
    fireEvent.click(screen.getByTestId('tag-add'));
    type('tags.1.key', 'id');
    fireEvent.click(screen.getByTestId('tag-add'));
    type('tags.2.key', 'env');
    type('tags.2.value', 'x'.repeat(51));
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('A tag key cannot be "id".')).toBeTruthy();
    expect(screen.getByText('Use 0 to 50 characters.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses the same key twice (a rule on the whole set)', async () => {
    const onSave = renderEditor();
    fireEvent.click(screen.getByTestId('tag-add'));
    type('tags.1.key', 'env');
    fireEvent.click(screen.getByTestId('tag-save'));
    expect((await screen.findByTestId('tag-set-error')).textContent).toBe(
      'Each tag key may appear only once.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the field problems of a server 400 on the fields', async () => {
    renderEditor(
      vi.fn(async () => {
        throw new ApiError(400, 'FORMAT_ERROR', [
          { path: 'tags.0.key', message: 'validation.tagKeyReserved' },
        ]);
      }),
    );
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('A tag key cannot be "id".')).toBeTruthy();
  });

  it('only lists the tags for a user who may not change them', () => {
    renderEditor(undefined, false);
    expect(screen.getByTestId('tag-list').textContent).toBe('envprod');
    expect(screen.queryByTestId('tag-save')).toBeNull();
  });
});
