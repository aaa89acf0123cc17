import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { latestMail } from './support/mail';
import { open, signInDemoRoot } from './support/portal';

/**
 * Alarms (routes /alarm, /alarm/create, /alarm/edit/{id}): the demo customer makes a CPU alarm on
 * db-replica with the form, sees it in the list, triggers it by hand and finds the mail in the
 * outbox, edits it (the trigger is in its history) and deletes it. Nothing waits for the metrics
 * sampler: the trigger's mark (last alarm time, the history) stays whatever the next sample says.
 */
const tableRows = (page: Page) => page.getByTestId('alarm-table').getByTestId('resource-table-row');

/** A row's id, read from its name link's test id (`alarm-link-<uuid>`). */
async function idIn(row: Locator) {
  const testId = await row.getByTestId(/^alarm-link-[0-9a-f-]{36}$/).getAttribute('data-testid');
  return testId!.slice('alarm-link-'.length);
}

test('create an alarm on a VM, trigger it, find its mail, edit and delete it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `cpu-e2e-${stamp}`;
  const email = `alarm-${stamp}@example.com`;
  await open(page, '/login');
  await signInDemoRoot(page);

  await page.goto('/#/alarm/create');
  await expect(page.getByRole('heading', { name: 'Create alarm', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const form = page.getByTestId('alarm-form');
  await form.getByTestId('field-alarmName').fill(name);
  await form.getByRole('combobox', { name: 'VM' }).click();
  await page.getByRole('option', { name: 'db-replica', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Metric' })).toHaveText('CPU (%)');
  // The form checks the shared rule as typed: a percent is at most 100.
  await form.getByTestId('field-criticalNumber').fill('150');
  await form.getByTestId('field-continuance').click();
  await expect(form.getByText('Enter a whole number from 1 to 100.')).toBeVisible();
  await form.getByTestId('field-criticalNumber').fill('80');
  await form.getByTestId('field-continuance').fill('3');
  await form.getByTestId('field-emails.0').fill(email);
  await page.getByTestId('alarm-save').click();

  // The list: the new alarm with its VM and condition.
  await expect(page).toHaveURL(/#\/alarm$/);
  await page.getByTestId('alarm-search').fill(name);
  const row = tableRows(page).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('db-replica');
  await expect(row).toContainText('CPU > 80 % for 3 points');
  const uuid = await idIn(row);
  await expect(row.getByTestId(`alarm-status-${uuid}`)).toBeVisible();

  // Triggered by hand, after a confirmation: the mail reaches the outbox.
  const since = Date.now() - 1000;
  await row.getByTestId(`alarm-trigger-${uuid}`).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`Trigger ${name}?`);
  await dialog.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'triggered' })).toContainText(name);
  const mail = await latestMail(page.request, email, since);
  expect(mail.subject).toBe(`[Alarm] ${name} was triggered by hand`);
  expect(mail.text).toContain('CPU usage > 80 % for 3 data points in a row (VM db-replica)');
  expect(mail.text).toContain(`/#/alarm/edit/${uuid}`);
  await expect(row).not.toContainText('—');

  // Edited from its page, where the trigger is in its history.
  await row.getByTestId(`alarm-edit-${uuid}`).click();
  await expect(page).toHaveURL(new RegExp(`#/alarm/edit/${uuid}$`));
  await expect(page.getByTestId('alarm-history')).toContainText('Triggered by hand');
  await page.getByTestId('field-criticalNumber').fill('90');
  await page.getByTestId('alarm-save').click();
  await expect(page).toHaveURL(/#\/alarm(\?.*)?$/);
  await page.getByTestId('alarm-search').fill(name);
  await expect(row).toContainText('CPU > 90 % for 3 points');

  // Deleted, after a confirmation.
  await row.getByTestId(`alarm-more-${uuid}`).click();
  await page.getByTestId(`alarm-delete-${uuid}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Delete ${name}?`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(row).toHaveCount(0);
});
