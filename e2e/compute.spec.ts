import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, fillIamLogin, open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// a launch takes 2.5-4.5 s, a stop 0.6-1.2 s; the page shows the status in between until its next
// poll, 2 s later. Waits for the cloud allow for the job queue and a slow machine.
const CLOUD = { timeout: 20_000 };

/** The signed-in user's API token, to check what the server holds besides what the page shows. */
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

async function vmsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/vms?search=${encodeURIComponent(name)}`, {
    headers: await bearer(page),
  });
  return ((await res.json()) as { data: { records: { name: string }[] } }).data.records.filter(
    (vm) => vm.name === name,
  );
}

/** The last amount in a text ("NT$ 1,234.50 / month") in cents, and back. */
const cents = (text: string) =>
  Math.round(Number(/([\d,]+\.\d\d)(?!.*\d)/.exec(text)![1]!.replace(/,/g, '')) * 100);
const money = (c: number) =>
  `${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

test('root creates a VM, watches it launch and stop, attaches and grows a disk, tags it and deletes it', async ({
  page,
}) => {
  // The whole life of a VM, waiting for the simulated cloud at each step: 59.8 s in one CI run
  // and past the default minute in the next, beside the PostgreSQL API run.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `e2e-vm-${stamp}`;
  const diskName = `e2e-disk-${stamp}`;

  await open(page, '/login');
  await signInDemoRoot(page);
  await page.getByTestId('sidebar-group-compute').click();
  await page.getByTestId('sidebar-link-vmSetting').click();
  await expect(page.getByRole('heading', { name: 'Virtual machines', level: 1 })).toBeVisible();
  await page.getByTestId('vm-create').click();
  await expect(page).toHaveURL(/#\/createVM$/);

  // The form: name, image, network; the price follows the size.
  const form = page.getByTestId('vm-create-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Operating system' }).click();
  await page.getByRole('option', { name: 'Ubuntu', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Version' })).toHaveText('24.04 LTS');
  await form.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default / }).click();
  const total = page.getByTestId('vm-price-total');
  await expect(total).toHaveText(/^NT\$ [\d,.]+ \/ month$/);
  const smallPrice = await total.textContent();

  // 64 GB for 2 vCPU is more than 8 GB per vCPU: the form refuses it and nothing is created.
  const ram = form.getByRole('textbox', { name: 'Memory (GB)' });
  await expect(form.getByText('4 to 16 GB for 2 vCPU.')).toBeVisible();
  await ram.fill('64');
  await expect(total).not.toHaveText(smallPrice!);
  await page.getByTestId('vm-save').click();
  await expect(
    form.getByText('Memory (GB) must be at least the vCPU count and at most 8 times it.'),
  ).toBeVisible();
  await expect(ram).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/createVM$/);
  expect(await vmsNamed(page, name)).toHaveLength(0);

  // 4 vCPU and 8 GB is allowed; the hint and the price follow the choice.
  await form.getByRole('combobox', { name: 'vCPU' }).click();
  await page.getByRole('option', { name: '4 vCPU', exact: true }).click();
  await ram.fill('8');
  await expect(ram).toHaveAttribute('aria-invalid', 'false');
  await expect(form.getByText('4 to 32 GB for 4 vCPU.')).toBeVisible();
  await expect(total).not.toHaveText(smallPrice!);
  const price = await total.textContent();
  const rootVolume = await page
    .getByTestId('vm-price')
    .locator('> div')
    .filter({ hasText: 'SSD volume' })
    .textContent();
  await page.getByTestId('vm-save').click();

  // The detail page of the new VM: launching, then running, while the page polls (no reload).
  await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await markDocument(page);
  const status = page.getByTestId('vm-detail').getByTestId(`vm-status-${uuid}`);
  await expect(status).toHaveText('Launching');
  await expect(status).toHaveAttribute('data-busy', 'true');
  await expect(page.getByTestId('field-spec')).toContainText('4 vCPU / 8 GB');
  await expect(status).toHaveText('Running', CLOUD);
  await expect(status).not.toHaveAttribute('data-busy');
  // The VM's own price: the form's estimate without the root volume, which its disk row carries.
  await expect(page.getByTestId('field-monthlyPrice')).toHaveText(
    `Monthly estimate (disks priced separately)NT$ ${money(cents(price!) - cents(rootVolume!))} / month`,
  );
  expect(await sameDocument(page)).toBe(true);
  expect(await vmsNamed(page, name)).toHaveLength(1);

  // Stop it: confirmed first, stopping, then stopped.
  await page.getByTestId(`vm-stop-${uuid}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Stop ${name}?`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(status).toHaveText('Stopping');
  await expect(status).toHaveText('Stopped', CLOUD);
  await expect(page.getByTestId(`vm-start-${uuid}`)).toBeEnabled();
  expect(await sameDocument(page)).toBe(true);

  // A new disk, not attached yet.
  await page.goto('/#/createDisk');
  const diskForm = page.getByTestId('disk-create-form');
  await diskForm.getByRole('textbox', { name: 'Name', exact: true }).fill(diskName);
  await diskForm.getByRole('textbox', { name: 'Size (GB)' }).fill('20');
  await expect(page.getByTestId('disk-price-total')).toHaveText(/^NT\$ [\d,.]+ \/ month$/);
  await page.getByTestId('disk-save').click();
  await expect(page).toHaveURL(/#\/diskList/);
  const diskRow = page.getByTestId('disk-table').getByRole('row').filter({ hasText: diskName });
  await expect(diskRow).toContainText('Available', CLOUD);

  // Attached from the VM's storage tab, among the free disks.
  await page.goto(`/#/vmSetting/${uuid}?tab=storage`);
  await expect(page.getByRole('tab', { name: 'Storage' })).toHaveAttribute('aria-selected', 'true');
  const storage = page.getByRole('tabpanel');
  await expect(storage.getByRole('row').filter({ hasText: `${name}-root` })).toContainText('In use');
  await storage.getByTestId('disk-attach').click();
  const attach = page.getByTestId('disk-attach-dialog');
  await expect(attach).toContainText(`Attach a disk to ${name}`);
  await attach.getByRole('combobox', { name: 'Disk' }).click();
  await page.getByRole('option', { name: new RegExp(`^${diskName} · 20 GB$`) }).click();
  await page.getByTestId('disk-attach-dialog-submit').click();
  await expect(attach).toBeHidden();
  const attached = storage.getByRole('row').filter({ hasText: diskName });
  await expect(attached).toContainText('In use', CLOUD);

  // Grown: a smaller size is refused with the rule's message, a larger one applied.
  await attached.getByRole('button', { name: `Adjust size ${diskName}` }).click();
  const resize = page.getByTestId('disk-resize-dialog');
  const newSize = resize.getByRole('textbox', { name: 'New size (GB)' });
  await newSize.fill('10');
  await page.getByTestId('disk-resize-dialog-submit').click();
  await expect(resize.getByText('A disk can only grow, not shrink.')).toBeVisible();
  await newSize.fill('40');
  await page.getByTestId('disk-resize-dialog-submit').click();
  await expect(resize).toBeHidden();
  await expect(attached.getByRole('cell', { name: '40 GB' })).toBeVisible(CLOUD);
  await expect(attached).toContainText('In use', CLOUD);
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByTestId('field-dataDiskCount')).toContainText('1');

  // Tagged from the tags tab; the tag is there after a reload.
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\?tab=tags$/);
  await expect(page.getByTestId('tag-editor')).toContainText('No tags yet.');
  await page.getByTestId('tag-add').click();
  await page.getByRole('combobox', { name: 'Key' }).fill('owner');
  await page.getByRole('textbox', { name: 'Value' }).fill('journey');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `Tags of ${name} saved.` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Key' })).toHaveValue('owner');
  await expect(page.getByRole('textbox', { name: 'Value' })).toHaveValue('journey');

  // Deleted from the list with the password: a wrong one is refused and the VM stays.
  await page.getByTestId('vm-detail').getByRole('link', { name: 'Virtual machines' }).click();
  await page.getByRole('textbox', { name: 'Search name or IP address' }).fill(name);
  const rows = page.getByTestId('vm-table').getByTestId('resource-table-row');
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('Stopped');
  await markDocument(page);
  await row.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByTestId('vm-delete-dialog');
  await expect(dialog).toContainText(`Delete ${name}?`);
  await dialog.getByRole('checkbox', { name: /Also delete the data volumes \(1\)/ }).check();
  await dialog.getByLabel('Password').fill('Not-The-Password-1!');
  await page.getByTestId('vm-delete-submit').click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(row).toContainText('Stopped');
  expect(await vmsNamed(page, name)).toHaveLength(1);

  await dialog.getByLabel('Password').fill(DEMO.password);
  await page.getByTestId('vm-delete-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Deleting');
  await expect(rows).toHaveCount(0, CLOUD);
  await expect(page.getByText('No VMs yet')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(await vmsNamed(page, name)).toHaveLength(0);

  // Its data volume went with it.
  await page.goto(`/#/diskList?search=${diskName}`);
  await expect(page.getByTestId('disk-table').getByTestId('resource-table-row')).toHaveCount(0, CLOUD);
});

test('the read-only user sees VMs, disks and interfaces but no way to change them (zh-TW)', async ({
  page,
}) => {
  await open(page, '/login', 'zh-TW');
  await fillIamLogin(page, DEMO.clientNumber, DEMO.viewer, DEMO.password);
  await expect(page).toHaveURL(/#\/dashboard$/);

  // VMs: the demo fleet is listed, with nothing to press but links, filters and the exports (of the
  // list, or of the rows selected: the selection's bar offers nothing else).
  await page.goto('/#/vmSetting');
  await expect(page.getByRole('heading', { name: '虛擬機', level: 1 })).toBeVisible();
  const vmRows = page.getByTestId('vm-table').getByTestId('resource-table-row');
  await expect(vmRows).toHaveCount(10);
  await expect(page.getByText(/^第 1–10 筆，共 1\d 筆$/)).toBeVisible();
  await expect(vmRows.filter({ hasText: 'web-01' })).toContainText('執行中');
  await expect(page.getByTestId('vm-create')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '操作' })).toHaveCount(0);
  await expect(page.getByTestId('vm-table').getByRole('button', { name: /^(啟動|停止|刪除)/ })).toHaveCount(
    0,
  );
  await page.getByTestId('vm-select-all').locator('input').check();
  await expect(page.getByTestId('vm-bulk-bar').getByRole('button')).toHaveText([
    '將所選項目匯出為 CSV',
    '取消選取',
  ]);
  await page.getByTestId('vm-bulk-bar').getByRole('button', { name: '取消選取' }).click();

  // A VM's page: its details and tags, read only.
  await vmRows.filter({ hasText: 'web-01' }).getByRole('link', { name: 'web-01' }).click();
  await expect(page.getByRole('heading', { name: 'web-01', level: 1 })).toBeVisible();
  const detail = page.getByTestId('vm-detail');
  await expect(detail.getByRole('button')).toHaveCount(0);
  await page.getByRole('tab', { name: '標籤' }).click();
  await expect(page.getByTestId('tag-list')).toContainText('production');
  await expect(page.getByTestId('tag-editor')).toHaveCount(0);
  await page.getByRole('tab', { name: '儲存空間' }).click();
  await expect(page.getByTestId('disk-table').getByTestId('resource-table-row')).toHaveCount(1);
  await expect(page.getByTestId('disk-attach')).toHaveCount(0);
  await expect(page.getByTestId('disk-table').getByRole('button', { name: /調整容量|連接/ })).toHaveCount(0);

  // Disks and network interfaces: listed, not changeable.
  await page.goto('/#/diskList');
  await expect(page.getByRole('heading', { name: '磁碟', level: 1 })).toBeVisible();
  const diskRows = page.getByTestId('disk-table').getByTestId('resource-table-row');
  await expect(diskRows.first()).toBeVisible();
  expect(await diskRows.count()).toBeGreaterThan(5);
  await expect(page.getByTestId('disk-create')).toHaveCount(0);
  await page.getByTestId('disk-select-all').locator('input').check();
  await expect(page.getByTestId('disk-bulk-bar').getByRole('button')).toHaveText([
    '將所選項目匯出為 CSV',
    '取消選取',
  ]);
  await expect(
    page.getByTestId('disk-table').getByRole('button', { name: /調整容量|變更類型|連接|刪除/ }),
  ).toHaveCount(0);

  await page.goto('/#/vni');
  await expect(page.getByRole('heading', { name: '虛擬網路介面', level: 1 })).toBeVisible();
  const vniRows = page.getByTestId('vni-table').getByTestId('resource-table-row');
  await expect(vniRows).toHaveCount(10);
  await expect(vniRows.first()).toContainText(/10\.0\.\d+\.\d+/);
  // Each row links to its VM, and to the firewalls guarding it (their list, which a viewer may read).
  const links = vniRows.first().getByRole('link');
  await expect(links.first()).toHaveAttribute('href', /#\/vmSetting\/[0-9a-f-]{36}$/);
  await expect(vniRows.first().getByTestId('vni-firewalls').getByRole('link').first()).toHaveAttribute(
    'href',
    /#\/firewall\?search=[0-9a-f-]{36}$/,
  );
  await expect(page.getByTestId('vni-table').getByRole('button', { name: /調整網段/ })).toHaveCount(0);
  await page.getByTestId('vni-select-all').locator('input').check();
  await expect(page.getByTestId('vni-bulk-bar').getByRole('button')).toHaveText([
    '將所選項目匯出為 CSV',
    '取消選取',
  ]);

  // The create pages say why there is no form.
  for (const path of ['/createVM', '/createDisk']) {
    await page.goto(`/#${path}`);
    await expect(page.getByText('您的帳號可檢視這些資源，但無法建立或變更。')).toBeVisible();
    await expect(page.locator('form')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  }
});

test('an action the rules refuse shows disabled with the reason, as a tooltip and in the phone menu', async ({
  page,
}) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/vmSetting?search=web-01');
  const row = page.getByTestId('vm-table').getByTestId('resource-table-row').filter({ hasText: 'web-01' });
  await expect(row).toContainText('Running');
  const start = row.getByRole('button', { name: 'Start web-01' });
  await expect(start).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Stop web-01' })).toBeEnabled();
  // A disabled button gets no pointer: its wrapper shows the shared rule's reason.
  await start.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'The virtual machine cannot do this in its current status.',
  );

  // On a phone the actions fold into a menu that says why under the item; the table fits the
  // screen (it once scrolled sideways for a hidden header).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('columnheader', { name: 'Operating system' })).toHaveCount(0);
  const container = page.getByTestId('vm-table').locator('.MuiTableContainer-root');
  expect(await container.evaluate((c) => c.scrollWidth - c.clientWidth)).toBe(0);
  await row.getByRole('button', { name: 'More actions for web-01' }).click();
  const item = page.getByRole('menuitem', { name: /^Start/ });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await expect(item).toContainText('The virtual machine cannot do this in its current status.');
  await expect(page.getByRole('menuitem', { name: /^Stop$/ })).not.toHaveAttribute('aria-disabled', 'true');
});
