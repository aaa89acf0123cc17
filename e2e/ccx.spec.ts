import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// a cluster is built in 12-24 s, scaled in 6-12 s, deleted in 3-6 s; the list asks again every
// 2 s while a row is busy. Waits for the cloud allow for the job queue and a slow machine.
const CLOUD = { timeout: 45_000 };

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

/** A row's id, read from a test id of its own (`ccx-status-<uuid>`). */
async function idIn(row: Locator, prefix: string) {
  const testId = await row.getByTestId(new RegExp(`^${prefix}[0-9a-f-]{36}$`)).getAttribute('data-testid');
  return testId!.slice(prefix.length);
}

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test('root creates a PostgreSQL cluster at the price shown, sees it run without a reload, scales it and deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `e2e-pg-${Date.now().toString(36)}`;
  await open(page, '/login');
  await signInDemoRoot(page);

  // The demo's own cluster is listed, running, with its endpoint and price.
  await page.goto('/#/ccxList');
  await expect(page.getByRole('heading', { name: 'CCX clusters', level: 1 })).toBeVisible();
  const demo = page
    .getByTestId('ccx-table')
    .getByTestId('resource-table-row')
    .filter({ hasText: 'orders-pg' });
  await expect(demo).toContainText('PostgreSQL 16');
  await expect(demo).toContainText('Running');
  await expect(demo).toContainText(/ccx-[0-9a-f]{8}\.ccx\.internal:5432/);

  // The form: the engine decides the versions and node counts; the price follows the choices.
  await page.getByRole('link', { name: 'Create cluster' }).click();
  await expect(page.getByRole('heading', { name: 'Create a CCX cluster', level: 1 })).toBeVisible();
  const form = page.getByTestId('ccx-create-form');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, form, 'Version', 'PostgreSQL 16');
  const total = page.getByTestId('ccx-price-total');
  // One node of 2 vCPU / 4 GB: (2 × 0.85 + 4 × 0.42 + 2 × 0.35) × 730 h
  await expect(total).toHaveText('NT$ 2,978.40 / month');
  await choose(page, form, 'Nodes', /^3$/);
  await expect(total).toHaveText('NT$ 8,935.20 / month');
  await choose(page, form, 'Nodes', /^1$/);
  await expect(total).toHaveText('NT$ 2,978.40 / month');
  await expect(page.getByTestId('ccx-price-hourly')).toHaveText('NT$ 4.08 / hour');
  // The first VPC the cloud has made is chosen for a start; the demo has two, and this one goes in default.
  await choose(page, form, 'VPC', /^default /);
  await expect(form.getByRole('combobox', { name: 'VPC' })).toContainText('default');
  await page.getByTestId('ccx-save').click();

  // The list: creating, then running with its endpoint, while it polls.
  await expect(page).toHaveURL(/#\/ccxList/);
  await markDocument(page);
  const row = page.getByTestId('ccx-table').getByTestId('resource-table-row').filter({ hasText: name });
  const uuid = await idIn(row, 'ccx-status-');
  const status = row.getByTestId(`ccx-status-${uuid}`);
  await expect(status).toHaveText('Creating');
  await expect(status).toHaveAttribute('data-busy', 'true');
  await expect(page.getByTestId(`ccx-scale-${uuid}`)).toBeDisabled();
  await expect(status).toHaveText('Running', CLOUD);
  await expect(row.getByTestId(`ccx-endpoint-${uuid}`)).toHaveText(
    `ccx-${uuid.slice(0, 8)}.ccx.internal:5432`,
  );
  await expect(row.getByTestId(`ccx-price-${uuid}`)).toHaveText('NT$ 2,978.40');
  expect(await sameDocument(page)).toBe(true);

  // Scaled to 3 nodes: the dialog shows the price now and after; the row shows "1 → 3" meanwhile.
  await page.getByTestId(`ccx-scale-${uuid}`).click();
  const dialog = page.getByTestId('ccx-scale-dialog');
  await expect(dialog.getByRole('combobox', { name: 'New node count' })).toHaveText('3');
  await expect(dialog.getByTestId('ccx-price-now-total')).toHaveText('NT$ 2,978.40 / month');
  await expect(dialog.getByTestId('ccx-price-next-total')).toHaveText('NT$ 8,935.20 / month');
  await dialog.getByTestId('ccx-scale-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId(`ccx-nodes-${uuid}`)).toHaveText('1 → 3');
  await expect(status).toHaveText('Scaling');
  await expect(status).toHaveText('Running', CLOUD);
  await expect(row.getByTestId(`ccx-nodes-${uuid}`)).toHaveText('3');
  await expect(row.getByTestId(`ccx-price-${uuid}`)).toHaveText('NT$ 8,935.20');
  expect(await sameDocument(page)).toBe(true);

  // Deleted with the password: the row goes when the cloud has removed it.
  await row.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByTestId('password-confirm-dialog');
  await confirm.getByTestId('password-confirm-input').fill(DEMO.password);
  await confirm.getByTestId('password-confirm-submit').click();
  await expect(status).toHaveText('Deleting');
  await expect(row).toHaveCount(0, CLOUD);
  expect(await sameDocument(page)).toBe(true);
});
