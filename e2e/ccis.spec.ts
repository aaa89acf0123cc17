import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

/**
 * The data-store contract (route /purchaseCCIS): the demo customer, who has none, buys 1,000 GB
 * after seeing the price in the form and again in the confirm dialog; the contract and its
 * history show it, and a second purchase the same day is refused by the form and by the server.
 */
test('buy 1,000 GB of data store and see a second purchase that day refused', async ({ page }) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/purchaseCCIS');
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
  };

  // The first console page of the journey: its chunk, texts and price list load on a busy machine.
  await expect(page.getByTestId('ccis-no-contract')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ccis-history')).toContainText('No purchases yet.');

  // The form starts at 1,000 GB for 12 months; the price list says 0.55 a GB-month.
  await expect(page.getByTestId('field-commitGb')).toHaveValue('1000');
  await expect(page.getByTestId('ccis-price-total')).toHaveText('NT$ 550.00 / month');
  await expect(page.getByTestId('ccis-price-term')).toContainText('NT$ 6,600.00');
  // The form checks the field with the shared rule before anything is sent.
  await page.getByTestId('field-commitGb').fill('1050');
  await expect(page.getByText('Enter at least 1,000 GB, in steps of 100 GB.')).toBeVisible();
  await page.getByTestId('field-commitGb').fill('1000');
  await expect(page.getByTestId('ccis-plan')).toContainText('A contract of 1,000 GB from');

  await page.getByTestId('ccis-submit').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByTestId('ccis-confirm-price-total')).toHaveText('NT$ 550.00 / month');
  await expect(dialog).toContainText('NT$ 6,600.00');
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast-success')).toContainText(/Order DS\d{8}-[0-9A-F]{6} is confirmed/);

  await expect(page.getByTestId('ccis-current-commit')).toHaveText('1,000 GB');
  await expect(page.getByTestId('ccis-current-monthly')).toHaveText('NT$ 550.00 / month');
  const rows = page.getByTestId('ccis-history').getByTestId('resource-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('New');
  await expect(rows.first()).toContainText('1,000');

  // A second purchase the same day: the form says no and offers no button to press.
  await page.getByTestId('field-commitGb').fill('2000');
  await expect(page.getByTestId('ccis-refusal')).toHaveText(
    'The data store contract can be bought or changed only once a day.',
  );
  await expect(page.getByTestId('ccis-submit')).toBeDisabled();
  // ...and the server says the same to a caller that skips the form.
  const direct = await page.request.post('/api/data-store/purchases', {
    headers: { ...headers, 'idempotency-key': `journey-${Date.now()}` },
    data: { commitGb: 2000, months: 12, autoExtend: true },
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { msg: string }).msg).toBe('CCIS_PURCHASE_TOO_OFTEN');
  await page.reload();
  await expect(page.getByTestId('ccis-current-commit')).toHaveText('1,000 GB');
  await expect(rows).toHaveCount(1);
});
