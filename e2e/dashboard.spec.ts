import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';
import { STAFF } from './support/registration';

// The simulated cloud runs at a tenth of real time (portals.ts): a launch takes 2.5-4.5 s.
// The dashboard asks again every 5 s while something counted is in progress.
const CLOUD = { timeout: 25_000 };

/** A count the dashboard shows: the total of a kind, or a state's chip (its `data-count`). */
const total = async (page: Page, kind: string) =>
  Number((await page.getByTestId(`dashboard-count-${kind}`).textContent())!.replace(/\D/g, ''));
const stateCount = async (page: Page, kind: string, state: string) =>
  Number(await page.getByTestId(`dashboard-state-${kind}-${state}`).getAttribute('data-count'));

test('the dashboard counts a new VM at once and sees it run; an announcement staff write shows on it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  const name = `e2e-dash-${stamp}`;

  await open(page, '/login');
  await signInDemoRoot(page);
  await expect(page.getByTestId('dashboard-count-vms')).toBeVisible();
  // Nothing of the demo is in progress at first (a busy row would make the page ask every 5 s).
  await expect.poll(() => stateCount(page, 'vms', 'busy'), CLOUD).toBe(0);
  const vms = await total(page, 'vms');
  const running = await stateCount(page, 'vms', 'running');
  // The card leads to the list, the chip to the list filtered by the state.
  await expect(page.getByTestId('dashboard-state-vms-running')).toHaveAttribute(
    'href',
    '#/vmSetting?status=1',
  );

  // A VM, made through the create page.
  await page.getByTestId('dashboard-kind-vms-link').click();
  await expect(page).toHaveURL(/#\/vmSetting$/);
  await page.goto('/#/createVM');
  const form = page.getByTestId('vm-create-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Operating system' }).click();
  await page.getByRole('option', { name: 'Ubuntu', exact: true }).click();
  await form.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default / }).click();
  await page.getByTestId('vm-save').click();
  await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);

  // Back on the dashboard: one more VM at once, launching; then running as the job hears the cloud.
  await page.getByTestId('sidebar-link-dashboard').click();
  await expect(page.getByTestId('dashboard-count-vms')).toHaveText(String(vms + 1));
  await expect.poll(() => stateCount(page, 'vms', 'running'), CLOUD).toBe(running + 1);
  await expect(page.getByTestId('dashboard-state-vms-busy')).toHaveAttribute('data-count', '0');

  // A staff member writes an announcement in the operations console (a session of its own)...
  const ops = await (await browser.newContext()).newPage();
  await open(ops, '/ops/login');
  await ops.getByTestId('field-email').fill(STAFF.email);
  await ops.getByTestId('field-password').fill(STAFF.password);
  await ops.getByTestId('ops-login-submit').click();
  await ops.getByTestId('ops-nav-announcements').click();
  await ops.getByTestId('announcement-new').click();
  const dialog = ops.getByTestId('announcement-dialog');
  // Both languages are required: English missing, the form says so and nothing is saved.
  await ops.getByTestId('announcement-titleC').fill(`維護通知 ${stamp}`);
  await ops.getByTestId('announcement-bodyC').fill('今晚進行例行維護。');
  await ops.getByTestId('announcement-save').click();
  await expect(dialog).toContainText('This field cannot be empty.');
  await ops.getByTestId('announcement-titleE').fill(`Maintenance ${stamp}`);
  await ops.getByTestId('announcement-bodyE').fill('Routine maintenance tonight.');
  await ops.getByTestId('announcement-level').click();
  await ops.getByTestId('announcement-level-maintenance').click();
  await ops.getByTestId('announcement-save').click();
  await expect(dialog).toBeHidden();
  const row = ops.getByTestId('announcement-row').filter({ hasText: `Maintenance ${stamp}` });
  await expect(row.getByTestId('announcement-state')).toHaveText('Showing now');

  // ...and the customer sees it on the dashboard, in English, once it asks again.
  await page.getByTestId('dashboard-refresh').click();
  const shown = page.getByTestId('dashboard-announcement').filter({ hasText: `Maintenance ${stamp}` });
  await expect(shown).toContainText('Routine maintenance tonight.');
  await expect(shown).toHaveAttribute('data-level', 'maintenance');

  // Deleted (after a confirmation), it is gone from the dashboard.
  await row.getByRole('button', { name: 'Delete' }).click();
  await ops.getByTestId('confirm-dialog-confirm').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('dashboard-refresh').click();
  await expect(shown).toHaveCount(0);
  await ops.context().close();
});
