import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CcisContract } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, renderInApp } from '../../test/resource-kit';
import { CcisPurchaseForm } from './ccis-purchase-form';
import { ccisTerm } from './test-fixtures';

const PRICES = [
  { code: 'ccis.commit', unitPrice: '0.5500' },
  { code: 'ccis.excess', unitPrice: '0.8000' },
];
const NONE: CcisContract = {
  today: '2026-11-26',
  current: null,
  pending: null,
  purchasedToday: false,
  usedBytes: 0,
  excessGb: 0,
};
const term = { ...ccisTerm(), replayed: false };

afterEach(() => vi.unstubAllGlobals());

const prices = (url: URL) => (url.pathname === '/api/prices' ? json(200, { data: PRICES }) : undefined);

describe('data-store purchase form', () => {
  it('prices live, confirms with the price, and sends one idempotency key again on a retry', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/data-store/purchases') {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        calls += 1;
        // The first answer is lost on the way back: the customer presses again.
        return calls === 1 ? json(500, { msg: 'INTERNAL_ERROR' }) : json(201, { data: term });
      }
      return prices(url);
    });
    renderInApp(<CcisPurchaseForm contract={NONE} />, '/purchaseCCIS');
    await waitFor(() =>
      expect(screen.getByTestId('ccis-price-total').textContent).toBe('NT$ 550.00 / month'),
    );
    fireEvent.change(screen.getByTestId('field-commitGb'), { target: { value: '1350' } });
    await screen.findByText('Enter at least 1,000 GB, in steps of 100 GB.');
    fireEvent.change(screen.getByTestId('field-commitGb'), { target: { value: '1300' } });
    await waitFor(() =>
      expect(screen.getByTestId('ccis-price-total').textContent).toBe('NT$ 715.00 / month'),
    );
    expect(screen.getByTestId('ccis-price-term').textContent).toContain('NT$ 8,580.00');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      fireEvent.click(screen.getByTestId('ccis-submit'));
      const body = await screen.findByTestId('ccis-confirm-body');
      expect(body.textContent).toContain('A contract of 1,300 GB from 2026-11-26 to 2027-11-26.');
      expect(screen.getByTestId('ccis-confirm-price-total').textContent).toBe('NT$ 715.00 / month');
      fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
      await waitFor(() => expect(keys).toHaveLength(attempt + 1));
      await waitFor(() => expect(screen.queryByTestId('ccis-confirm-body')).toBeNull());
    }
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('refuses a second purchase the same day before anything is sent', async () => {
    fakeApi(ROOT, prices);
    renderInApp(<CcisPurchaseForm contract={{ ...NONE, purchasedToday: true }} />, '/purchaseCCIS');
    expect((await screen.findByTestId('ccis-refusal')).textContent).toBe(
      'The data store contract can be bought or changed only once a day.',
    );
    expect((screen.getByTestId('ccis-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a reduction before the last 30 days is refused, with the day it becomes possible', async () => {
    fakeApi(ROOT, prices);
    const current = {
      orderId: 'o',
      months: 12,
      beginDate: '2026-06-01',
      expireDate: '2027-06-01',
      commitGb: 3000,
      autoExtend: false,
      renewals: 0,
    };
    renderInApp(<CcisPurchaseForm contract={{ ...NONE, current }} />, '/purchaseCCIS');
    fireEvent.change(await screen.findByTestId('field-commitGb'), { target: { value: '2000' } });
    const refusal = await screen.findByTestId('ccis-refusal');
    expect(refusal.textContent).toContain('Capacity can be reduced only in the last 30 days');
    expect(refusal.textContent).toContain('2027-06-01');
    fireEvent.change(screen.getByTestId('field-commitGb'), { target: { value: '4000' } });
    expect((await screen.findByTestId('ccis-plan')).textContent).toContain(
      'From today (2026-11-26) the commitment becomes 4,000 GB until 2027-11-26',
    );
  });
});
