import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, errorToast, open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// a snapshot takes 2-6 s, a restore 3-9 s, a launch 2.5-4.5 s; the page shows the status in
// between until its next poll, 2 s later. Waits for the cloud allow for the job queue and a slow
// machine. Each journey works on demo VMs of its own (staging-web; api-02 and cache-01;
// batch-worker), so they do not depend on each other's order.
const CLOUD = { timeout: 20_000 };

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

const tableRows = (page: Page, table: string) => page.getByTestId(table).getByTestId('resource-table-row');

/** The list row whose name link is exactly `name` (a search for `web-01` also finds `web-01-copy`). */
const vmRow = (page: Page, name: string) =>
  tableRows(page, 'vm-table').filter({ has: page.getByRole('link', { name, exact: true }) });

/** The signed-in user's API token, for the set-up calls beside what the page does. */
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

const VM_RUNNING = 1;

/** A demo VM as the server has it now. */
async function vmNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/vms?search=${encodeURIComponent(name)}`, {
    headers: await bearer(page),
  });
  const vms = ((await res.json()) as { data: { records: { uuid: string; name: string; status: number }[] } })
    .data.records;
  return vms.find((vm) => vm.name === name)!;
}

/**
 * The named VMs as the demo has them, no rule protecting them: a retry (CI retries once) on the
 * same portal finds them as the first try did.
 */
async function unprotect(page: Page, names: string[]) {
  const headers = await bearer(page);
  const res = await page.request.get('/api/vms?page=0&limit=0', { headers });
  const vms = (
    (await res.json()) as { data: { records: { name: string; snapshotRuleUuid: string | null }[] } }
  ).data.records;
  for (const vm of vms.filter((v) => names.includes(v.name) && v.snapshotRuleUuid)) {
    const path = `/api/snapshot-rules/${vm.snapshotRuleUuid}`;
    const rule = (
      (await (await page.request.get(path, { headers })).json()) as {
        data: { vms: { name: string; uuid: string }[] };
      }
    ).data;
    const vmUuids = rule.vms.filter((v) => !names.includes(v.name)).map((v) => v.uuid);
    expect((await page.request.patch(path, { headers, data: { vmUuids } })).ok()).toBe(true);
  }
}

/** A row's id, read from a test id of its own (`snapshot-status-<uuid>`, `vm-link-<uuid>`). */
async function idIn(row: Locator, prefix: string) {
  const testId = await row.getByTestId(new RegExp(`^${prefix}[0-9a-f-]{36}$`)).getAttribute('data-testid');
  return testId!.slice(prefix.length);
}

test("root takes a snapshot of a stopped VM, restores it from the VM's page, and starts a new VM from it", async ({
  page,
}) => {
  const name = `staging-web-e2e-${Date.now().toString(36)}`;
  await open(page, '/login');
  await signInDemoRoot(page);

  // From the VM list: staging-web is stopped; "Take snapshot" is among its row's actions.
  await page.goto('/#/vmSetting?search=staging-web');
  const vm = vmRow(page, 'staging-web');
  await expect(vm).toContainText('Stopped');
  const vmUuid = await idIn(vm, 'vm-link-');
  await vm.getByRole('button', { name: 'More actions for staging-web' }).click();
  await page.getByRole('menuitem', { name: 'Take snapshot' }).click();

  // The form starts from the VM: it is chosen, and the name suggested from it and today.
  await expect(page).toHaveURL(new RegExp(`#/createSnapshot\\?vm=${vmUuid}$`));
  await expect(page.getByRole('heading', { name: 'Take a snapshot', level: 1 })).toBeVisible();
  const form = page.getByTestId('snapshot-create-form');
  await expect(form.getByRole('combobox', { name: 'VM' })).toHaveText('staging-web');
  const nameField = form.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toHaveValue(/^staging-web-\d{4}-\d{2}-\d{2}$/);
  await nameField.fill(name);
  await page.getByTestId('snapshot-save').click();

  // The list (a snapshot has no page of its own): processing, then completed, while it polls.
  await expect(page).toHaveURL(/#\/snapshot$/);
  await expect(page.getByRole('heading', { name: 'Snapshots', level: 1 })).toBeVisible();
  await markDocument(page);
  const row = tableRows(page, 'snapshot-table').filter({ hasText: name });
  await expect(row).toContainText('staging-web');
  await expect(row).toContainText('Taken by hand');
  const uuid = await idIn(row, 'snapshot-status-');
  const status = row.getByTestId(`snapshot-status-${uuid}`);
  await expect(status).toHaveText('Processing');
  await expect(status).toHaveAttribute('data-busy', 'true');
  await expect(page.getByTestId(`snapshot-restore-${uuid}`)).toBeDisabled();
  await expect(status).toHaveText('Completed', CLOUD);
  await expect(status).not.toHaveAttribute('data-busy');
  expect(await sameDocument(page)).toBe(true);

  // Restored from the VM's page, its snapshots tab: the dialog says plainly what is lost, and the
  // password confirms it.
  await row.getByRole('link', { name: 'staging-web', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/vmSetting/${vmUuid}$`));
  await expect(page.getByRole('heading', { name: 'staging-web', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Snapshots' }).click();
  await expect(page).toHaveURL(/\?tab=snapshots$/);
  const start = page.getByTestId(`vm-start-${vmUuid}`);
  await expect(start).toBeEnabled();
  const tabRow = page.getByRole('tabpanel').getByTestId('resource-table-row').filter({ hasText: name });
  const tabStatus = tabRow.getByTestId(`snapshot-status-${uuid}`);
  await expect(tabStatus).toHaveText('Completed');
  await tabRow.getByTestId(`snapshot-restore-${uuid}`).click();
  const dialog = page.getByTestId('password-confirm-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Restore staging-web to ${name}?`);
  const warning = dialog.getByTestId('snapshot-restore-warning');
  await expect(warning).toContainText('Every disk of staging-web (1 in the snapshot) is overwritten');
  await expect(warning).toContainText(
    'Anything written to the VM since then is lost and cannot be recovered.',
  );
  await dialog.getByTestId('password-confirm-input').fill(DEMO.password);
  await dialog.getByTestId('password-confirm-submit').click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: `${name} is being restored` }),
  ).toBeVisible();
  await markDocument(page);

  // Meanwhile the VM is held: the page says so and offers no start, until the snapshot is back.
  await expect(tabStatus).toHaveText('Restoring');
  await expect(start).toBeDisabled();
  await page.getByRole('tab', { name: 'Details' }).click();
  const vmStatus = page.getByTestId('vm-detail').getByTestId(`vm-status-${vmUuid}`);
  await expect(vmStatus).toHaveText('Restoring snapshot');
  await expect(vmStatus).toHaveText('Stopped', CLOUD);
  await expect(start).toBeEnabled();
  await page.getByRole('tab', { name: 'Snapshots' }).click();
  await expect(tabStatus).toHaveText('Completed', CLOUD);
  expect(await sameDocument(page)).toBe(true);

  // A new VM from it: the form starts from the snapshot, its image the only choice.
  await tabRow.getByTestId(`snapshot-newVm-${uuid}`).click();
  await expect(page).toHaveURL(new RegExp(`#/createSnapshotToNewVM\\?snapshot=${uuid}$`));
  await expect(page.getByRole('combobox', { name: 'Snapshot' })).toContainText(`${name} · staging-web`);
  const vmForm = page.getByTestId('vm-create-form');
  await expect(vmForm.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('staging-web-copy');
  await expect(vmForm.getByRole('combobox', { name: 'Operating system' })).toHaveText('Ubuntu');
  await expect(vmForm.getByRole('combobox', { name: 'Version' })).toHaveText('24.04 LTS');
  await expect(vmForm.getByRole('combobox', { name: 'vCPU' })).toHaveText('2 vCPU');
  await vmForm.getByRole('combobox', { name: 'Operating system' }).click();
  await expect(page.getByRole('option')).toHaveText(['Ubuntu']);
  await page.keyboard.press('Escape');
  // The VPC is not taken from the snapshot: the form asks for it.
  await page.getByTestId('vm-save').click();
  await expect(vmForm.getByRole('combobox', { name: 'VPC' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/createSnapshotToNewVM/);
  await vmForm.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default / }).click();
  await page.getByTestId('vm-save').click();

  // The new VM's page: launching, then running.
  await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);
  const copy = page.url().split('/').pop()!;
  expect(copy).not.toBe(vmUuid);
  await expect(page.getByRole('heading', { name: 'staging-web-copy', level: 1 })).toBeVisible();
  const copyStatus = page.getByTestId('vm-detail').getByTestId(`vm-status-${copy}`);
  await expect(copyStatus).toHaveText('Launching');
  await expect(copyStatus).toHaveText('Running', CLOUD);
  await expect(page.getByTestId('field-spec')).toContainText('2 vCPU / 4 GB');
});

test('a restore needs the VM stopped: the page says so, and the server when the page is behind', async ({
  page,
}) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  const api01 = await vmNamed(page, 'api-01');
  // A retry finds api-01 running, as the demo has it.
  if (api01.status !== VM_RUNNING) {
    await page.request.post(`/api/vms/${api01.uuid}/start`, { headers: await bearer(page) });
    await expect.poll(async () => (await vmNamed(page, 'api-01')).status, CLOUD).toBe(VM_RUNNING);
  }

  // api-01 runs: on its snapshots tab, its snapshot cannot be restored, and says why.
  await page.goto(`/#/vmSetting/${api01.uuid}?tab=snapshots`);
  await expect(page.getByRole('heading', { name: 'api-01', level: 1 })).toBeVisible();
  const row = page
    .getByRole('tabpanel')
    .getByTestId('resource-table-row')
    .filter({ hasText: 'api-01-before-upgrade' });
  const uuid = await idIn(row, 'snapshot-status-');
  await expect(row.getByTestId(`snapshot-status-${uuid}`)).toHaveText('Completed');
  const restore = row.getByTestId(`snapshot-restore-${uuid}`);
  await expect(restore).toBeDisabled();
  await row.getByTestId(`snapshot-restore-${uuid}-reason`).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Shut down the virtual machine first.');
  await markDocument(page);

  // Stopped from the page's header, the restore is offered, without a reload.
  await page.getByTestId(`vm-stop-${api01.uuid}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(restore).toBeEnabled(CLOUD);
  await expect(page.getByTestId(`vm-start-${api01.uuid}`)).toBeEnabled();

  // Started meanwhile elsewhere (another session), the page does not know yet: the server refuses
  // the restore with the reason, and the page catches up.
  expect(
    (await page.request.post(`/api/vms/${api01.uuid}/start`, { headers: await bearer(page) })).ok(),
  ).toBe(true);
  await restore.click();
  const dialog = page.getByTestId('password-confirm-dialog');
  await expect(dialog.getByTestId('snapshot-restore-warning')).toContainText(
    'Every disk of api-01 (2 in the snapshot) is overwritten',
  );
  await dialog.getByTestId('password-confirm-input').fill(DEMO.password);
  await dialog.getByTestId('password-confirm-submit').click();
  await expect(errorToast(page)).toContainText('Shut down the virtual machine first.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(restore).toBeDisabled();
  await expect(row.getByTestId(`snapshot-status-${uuid}`)).toHaveText('Completed');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByTestId('vm-detail').getByTestId(`vm-status-${api01.uuid}`)).toHaveText(
    'Running',
    CLOUD,
  );
  expect(await sameDocument(page)).toBe(true);
});

test('root creates a weekly rule for two VMs, which are then protected', async ({ page }) => {
  const rule = `weekly-e2e-${Date.now().toString(36)}`;
  await open(page, '/login');
  await signInDemoRoot(page);
  await unprotect(page, ['api-02', 'cache-01']);

  // The VMs no rule protects: api-02 and cache-01 among them.
  await page.goto('/#/vmSetting?protected=no');
  await expect(page.getByRole('combobox', { name: 'Protection' })).toHaveText('No snapshot rule');
  await expect(vmRow(page, 'api-02')).toBeVisible();
  await expect(vmRow(page, 'cache-01')).toBeVisible();
  await expect(vmRow(page, 'web-01')).toHaveCount(0);
  await markDocument(page);

  // A new rule, from the menu.
  await page.getByTestId('sidebar-link-snapshotRule').click();
  await expect(page.getByRole('heading', { name: 'Snapshot rules', level: 1 })).toBeVisible();
  await page.getByTestId('snapshotRule-create').click();
  await expect(page).toHaveURL(/#\/createSnapshotRule$/);
  await expect(page.getByRole('heading', { name: 'Create snapshot rule', level: 1 })).toBeVisible();
  const form = page.getByTestId('snapshot-rule-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(rule);
  await form.getByRole('combobox', { name: 'Cycle' }).click();
  await page.getByRole('option', { name: 'Weekly', exact: true }).click();
  await form.getByRole('combobox', { name: 'Day of the week' }).click();
  await page.getByRole('option', { name: 'Saturday', exact: true }).click();
  await form.getByRole('textbox', { name: 'Kept per VM' }).fill('4');

  // The next run: the schedule in words, on a Saturday in the customer's time zone.
  const nextRun = page.getByTestId('snapshot-rule-next-run');
  await expect(nextRun).toContainText('Weekly on Saturday at 02:00 (Asia/Taipei). Next run:');
  const [, month, day, year] = /Next run: (\d+)\/(\d+)\/(\d+), 2:00\s?AM\./.exec(
    (await nextRun.textContent())!,
  )!;
  expect(new Date(Date.UTC(2000 + Number(year), Number(month) - 1, Number(day))).getUTCDay()).toBe(6);

  // Two VMs no rule protects, chosen in the one list; a protected one says why it cannot be.
  await form.getByRole('combobox', { name: 'VMs' }).click();
  await expect(page.getByRole('option', { name: /^web-01/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: /^web-01/ })).toContainText(
    'A virtual machine can follow only one snapshot rule.',
  );
  await page.getByRole('option', { name: 'api-02', exact: true }).click();
  await page.getByRole('option', { name: 'cache-01', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByRole('combobox', { name: 'VMs' })).toHaveText('api-02, cache-01');
  await page.getByTestId('snapshotRule-save').click();

  // The list: the schedule, what it keeps and both VMs.
  await expect(page).toHaveURL(/#\/snapshotRule$/);
  const row = tableRows(page, 'snapshotRule-table').filter({ hasText: rule });
  await expect(row).toContainText('Weekly on Saturday at 02:00');
  await expect(row).toContainText('Keeps 4');
  await expect(row.getByRole('link', { name: 'api-02', exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'cache-01', exact: true })).toBeVisible();

  // Back to the VMs without a rule, from the menu: those two are no longer among them.
  await page.getByTestId('sidebar-link-vmSetting').click();
  await page.getByRole('combobox', { name: 'Protection' }).click();
  await page.getByRole('option', { name: 'No snapshot rule' }).click();
  await expect(page).toHaveURL(/#\/vmSetting\?protected=no$/);
  await expect(vmRow(page, 'bastion')).toBeVisible();
  await expect(vmRow(page, 'api-02')).toHaveCount(0);
  await expect(vmRow(page, 'cache-01')).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);

  // Its edit page has both chosen.
  await page.getByTestId('sidebar-link-snapshotRule').click();
  await tableRows(page, 'snapshotRule-table')
    .filter({ hasText: rule })
    .getByRole('link', { name: rule, exact: true })
    .click();
  await expect(page).toHaveURL(/#\/editSnapshotRule\/[0-9a-f-]{36}$/);
  const edit = page.getByTestId('snapshot-rule-form');
  await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(rule);
  await expect(edit.getByRole('combobox', { name: 'Day of the week' })).toHaveText('Saturday');
  await expect(edit.getByRole('combobox', { name: 'VMs' })).toHaveText(
    /^(api-02, cache-01|cache-01, api-02)$/,
  );
  await edit.getByRole('combobox', { name: 'VMs' }).click();
  await expect(page.getByRole('option', { name: 'api-02', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('option', { name: 'cache-01', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('option', { name: 'bastion', exact: true })).toHaveAttribute(
    'aria-selected',
    'false',
  );
});

test('root protects a VM from the VM list with an existing rule', async ({ page }) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  await unprotect(page, ['batch-worker']);

  // The nightly rule protects the two databases.
  await page.goto('/#/snapshotRule');
  const nightly = tableRows(page, 'snapshotRule-table').filter({
    has: page.getByRole('link', { name: 'nightly-db', exact: true }),
  });
  await expect(nightly.getByRole('link', { name: 'db-primary', exact: true })).toBeVisible();
  await expect(nightly.getByRole('link', { name: 'batch-worker', exact: true })).toHaveCount(0);
  await markDocument(page);

  // batch-worker, in the VM list, has no rule.
  await page.getByTestId('sidebar-link-vmSetting').click();
  await page.getByRole('textbox', { name: 'Search name or IP address' }).fill('batch-worker');
  const row = vmRow(page, 'batch-worker');
  const uuid = await idIn(row, 'vm-link-');
  const protection = row.getByTestId(`vm-protection-${uuid}`);
  await expect(protection).toHaveAttribute('aria-label', 'No snapshot rule');

  await row.getByRole('button', { name: 'More actions for batch-worker' }).click();
  await page.getByRole('menuitem', { name: 'Protect' }).click();
  const dialog = page.getByTestId('vm-protect-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Protect batch-worker with a snapshot rule');
  await dialog.getByRole('combobox', { name: 'Snapshot rule' }).click();
  await page.getByRole('option', { name: /^nightly-db · Daily · \d+ VMs$/ }).click();
  await page.getByTestId('vm-protect-submit').click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: 'batch-worker is now protected by the rule.' }),
  ).toBeVisible();
  await expect(protection).toHaveAttribute('aria-label', 'Protected by a snapshot rule');

  // Protected, it can no longer be offered another rule; the rule lists it.
  await row.getByRole('button', { name: 'More actions for batch-worker' }).click();
  await expect(page.getByRole('menuitem', { name: /^Protect/ })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await page.getByTestId('sidebar-link-snapshotRule').click();
  await expect(nightly.getByRole('link', { name: 'batch-worker', exact: true })).toBeVisible();
  await expect(nightly.getByRole('link', { name: 'db-primary', exact: true })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
