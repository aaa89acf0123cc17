import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// a cross-connect is accepted in 4.5-12 s; the page asks again every 2 s while one is ordering.
const CLOUD = { timeout: 25_000 };

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

const ACCESS_KEY_ID = 'AKIAI44QH8DHBEXAMPLE';

test('root replaces the AWS credential (deleted with the password, added again) and sees its EC2 VMs', async ({
  page,
}) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/exCloud');
  await expect(page.getByRole('heading', { name: 'External clouds', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'AWS' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByTestId('credential-panel-1');

  // The demo's credential (or the one a previous try left): its id masked, its secret never shown.
  const key = panel.getByTestId('credential-key-1');
  await expect(key).toHaveText(/^AKIA••••[A-Z0-9]{4}$/);
  await expect(panel).toContainText('Stored encrypted, never shown');
  await expect(page.getByTestId('public-cloud-vms-1').getByTestId('public-cloud-vm').first()).toBeVisible();

  // Deleted: the password confirms it, and the VM list goes with it.
  await panel.getByTestId('credential-delete-1').click();
  const confirm = page.getByTestId('password-confirm-dialog');
  await expect(confirm).toContainText('Delete the AWS credential?');
  await confirm.getByTestId('password-confirm-input').fill(DEMO.password);
  await confirm.getByTestId('password-confirm-submit').click();
  await expect(page.getByTestId('credential-none-1')).toBeVisible();
  await expect(page.getByTestId('public-cloud-vms-1')).toHaveCount(0);

  // Added: a missing secret is refused in the form; then the key id shows masked and the VMs come.
  await panel.getByTestId('credential-add-1').click();
  const dialog = page.getByTestId('credential-dialog');
  await dialog.getByTestId('field-accessKeyId').fill(ACCESS_KEY_ID);
  await dialog.getByTestId('credential-dialog-submit').click();
  await expect(dialog).toContainText('This field cannot be empty.');
  await dialog.getByTestId('field-secretAccessKey').fill('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
  await dialog.getByTestId('credential-dialog-submit').click();
  await expect(dialog).toBeHidden();
  await expect(key).toHaveText('AKIA••••MPLE');
  await expect(page.getByText('wJalrXUtnFEMI')).toHaveCount(0);
  const vms = page.getByTestId('public-cloud-vms-1').getByTestId('public-cloud-vm');
  await expect(vms.first()).toBeVisible();
  await expect(vms.first()).toContainText(/i-0[0-9a-f]{16}/);
  // Its power in the page's words, whatever AWS calls it.
  await expect(vms.first()).toContainText(/Running|Stopped/);
});

test('root orders an AWS connection and sees it complete without reloading', async ({ page }) => {
  const pairKey = `dxcon-${Date.now().toString(36).slice(-8).padStart(8, '0')}`;
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/exCloud?tab=aws');
  await page.getByTestId('exchange-create').click();
  await expect(page).toHaveURL(/#\/createExCloud\?ccxType=1$/);
  await expect(page.getByRole('heading', { name: 'Order a cloud connection', level: 1 })).toBeVisible();
  const form = page.getByTestId('exchange-create-form');
  await expect(form.getByRole('combobox', { name: 'Cloud' })).toHaveText('AWS');
  await form.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default/ }).click();

  // Another provider's key is refused in the form, with the provider's words.
  const key = form.getByTestId('field-pairKey');
  await key.fill('64ce99dd-ee70-4e74-b6b8-91c6307433a0');
  await page.getByTestId('exchange-save').click();
  await expect(form).toContainText('Enter a Direct Connect connection ID');
  await key.fill(pairKey);
  await page.getByTestId('exchange-save').click();

  // The AWS tab: ordering while the other side answers, then done, on the same document.
  await expect(page).toHaveURL(/#\/exCloud\?tab=aws$/);
  await markDocument(page);
  const row = page
    .getByTestId('exchange-table')
    .getByTestId('resource-table-row')
    .filter({ hasText: pairKey });
  await expect(row).toContainText('default');
  const status = row.getByTestId(/^exchange-status-/);
  await expect(status).toHaveText('Ordering');
  await expect(status).toHaveAttribute('data-busy', 'true');
  await expect(status).toHaveText('Done', CLOUD);
  await expect(status).not.toHaveAttribute('data-busy');
  expect(await sameDocument(page)).toBe(true);
});
