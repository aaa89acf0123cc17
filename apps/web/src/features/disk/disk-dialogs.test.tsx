import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pricesAnswer } from '../../test/prices';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { DiskResizeDialog, DiskRetypeDialog } from './disk-dialogs';
import { disk } from './test-fixtures';

const text = (id: string) => screen.getByTestId(id).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('disk Adjust size', () => {
  it('shows the monthly price before and after the new size, and the difference', async () => {
    fakeApi(ROOT, pricesAnswer);
    const onSubmit = vi.fn(() => Promise.resolve());
    renderInApp(
      <DiskResizeDialog rows={[disk()]} onSubmit={onSubmit} onCancel={() => {}} onDone={() => {}} />,
      '/disk',
    );
    // 100 GB of SSD at 4.50 a GB-month, before and (unchanged yet) after.
    await waitFor(() => expect(text('disk-price-now-total')).toBe('NT$ 450.00 / month'));
    expect(text('disk-price-next-total')).toBe('NT$ 450.00 / month');
    expect(text('disk-price-change')).toBe('No change to the monthly price');

    fireEvent.change(screen.getByTestId('field-diskSize'), { target: { value: '250' } });
    await waitFor(() => expect(text('disk-price-next-total')).toBe('NT$ 1,125.00 / month'));
    expect(text('disk-price-now-total')).toBe('NT$ 450.00 / month');
    expect(text('disk-price-change')).toBe('NT$ 675.00 more a month');
    fireEvent.click(screen.getByTestId('disk-resize-dialog-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ diskSize: 250 }));
  });
});

describe('disk Change type', () => {
  it('shows what the other type will cost once in place', async () => {
    fakeApi(ROOT, pricesAnswer);
    renderInApp(
      <DiskRetypeDialog
        rows={[disk({ diskSize: 200 })]}
        onSubmit={() => Promise.resolve()}
        onCancel={() => {}}
        onDone={() => {}}
      />,
      '/disk',
    );
    // 200 GB: SSD 900.00 now, HDD 360.00 after.
    await waitFor(() => expect(text('disk-price-now-total')).toBe('NT$ 900.00 / month'));
    expect(text('disk-price-next-total')).toBe('NT$ 360.00 / month');
    expect(text('disk-price-change')).toBe('NT$ 540.00 less a month');
    expect(screen.getByText(/^Once the new type is in place/)).toBeTruthy();
  });
});
