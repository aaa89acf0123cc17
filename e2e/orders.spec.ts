import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, errorToast, open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts): a
// reboot takes about a second. This journey works on the demo VM cache-01, which no other uses.
const CLOUD = { timeout: 20_000 };
const VM = 'cache-01';

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

/** cache-01's id; on a retry of this journey, its annual order (if any) is cancelled first. */
async function cacheVm(page: Page): Promise<string> {
  const headers = await bearer(page);
  const vms = await (await page.request.get(`/api/vms?search=${VM}`, { headers })).json();
  const vm = (
    vms as { data: { records: { uuid: string; name: string; isAnnual: boolean }[] } }
  ).data.records.find((v) => v.name === VM)!;
  if (vm.isAnnual) {
    const orders = await (await page.request.get('/api/orders?resType=vm', { headers })).json();
    const mine = (orders as { data: { records: { id: string; resUuid: string }[] } }).data.records.find(
      (o) => o.resUuid === vm.uuid,
    );
    if (mine) {
      await page.request.post(`/api/orders/${mine.id}/cancel`, {
        headers,
        data: { currentPassword: DEMO.password },
      });
    }
  }
  return vm.uuid;
}

/**
 * Annual contracts (routes orderCreate, orderManage, orderHistory): the demo root converts
 * cache-01 to a 12-month annual contract after comparing the annual price with the on-demand one
 * and confirming with the password (a wrong one refused); the VM page then refuses a resize and a
 * delete and says why, while a reboot still works; within 7 days of ordering the order is
 * cancelled (status 7, "cancelled within 7 days") and the VM is on demand again. A cancel at
 * other times is refused unless the term is in its last 30 days (the API tests move the clock).
 */
test('convert a VM to annual, see its resize refused, cancel back to on-demand within 7 days', async ({
  page,
}) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  const uuid = await cacheVm(page);

  await test.step('choose the VM and the term; the price for the term, annual and on demand', async () => {
    await page.goto('/#/order/create');
    // The first page of its chunk on a busy machine.
    await expect(page.getByTestId('order-vm-table')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('order-vm-search').fill(VM);
    await page.getByTestId(`order-vm-${VM}`).check();
    await expect(page.getByTestId('order-chosen-vm')).toHaveText(`${VM} · 2 vCPU / 16 GB`);
    // 2 vCPU × 730 h × 0.60 + 16 GB × 730 h × 0.30 (vm.vcpu.annual, vm.ram.annual).
    await expect(page.getByTestId('order-annual-total')).toHaveText('NT$ 4,380.00 / month');
    await expect(page.getByTestId('order-annual-term')).toHaveText('NT$ 52,560.00');
    await expect(page.getByTestId('order-on-demand-term')).toHaveText('NT$ 73,759.20');
    await expect(page.getByTestId('order-saving')).toHaveText('NT$ 21,199.20');
    await page.getByTestId('order-months-24').click();
    await expect(page.getByTestId('order-annual-term')).toHaveText('NT$ 105,120.00');
    await page.getByTestId('order-months-12').click();
    await expect(page.getByTestId('order-annual-term')).toHaveText('NT$ 52,560.00');
  });

  const orderNo = await test.step('confirm with the password: a wrong one is refused', async () => {
    await page.getByTestId('order-submit').click();
    const dialog = page.getByTestId('password-confirm-dialog');
    await expect(dialog.getByTestId('order-confirm-body')).toContainText('NT$ 52,560.00 for the term');
    await dialog.getByTestId('password-confirm-input').fill('not-the-password');
    await dialog.getByTestId('password-confirm-submit').click();
    await expect(errorToast(page)).toContainText('The password is incorrect.');
    await dialog.getByTestId('password-confirm-input').fill(DEMO.password);
    await dialog.getByTestId('password-confirm-submit').click();
    const toast = page.getByTestId('toast-success').filter({ hasText: `${VM} is now on an annual contract` });
    await expect(toast).toBeVisible();
    const number = /Order (VM\d{8}-[0-9A-F]{6})/.exec((await toast.textContent()) ?? '')?.[1];
    expect(number).toBeTruthy();
    await expect(page).toHaveURL(/#\/orderManage$/);
    await expect(page.getByTestId(`order-status-${number}`)).toHaveText('Active');
    return number!;
  });

  await test.step('the VM page: annual, resize and delete refused with the reason; reboot works', async () => {
    await page.goto(`/#/vmSetting/${uuid}`);
    const detail = page.getByTestId('vm-detail');
    await expect(detail.getByTestId(`vm-annual-chip-${uuid}`)).toHaveText('Annual');
    await expect(page.getByTestId('field-monthlyPrice')).toContainText('NT$ 4,380.00 / month');
    await expect(page.getByTestId(`vm-resize-${uuid}`)).toBeDisabled();
    await expect(page.getByTestId(`vm-delete-${uuid}`)).toBeDisabled();
    await page.getByTestId(`vm-resize-${uuid}-reason`).hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'A virtual machine on an annual contract cannot be resized or deleted. Its annual order must end first (Order management).',
    );
    // The server says the same to a caller that skips the page.
    const direct = await page.request.patch(`/api/vms/${uuid}`, {
      headers: await bearer(page),
      data: { cpuCore: 4, ramSize: 16 },
    });
    expect(direct.status()).toBe(400);
    expect(((await direct.json()) as { msg: string }).msg).toBe('YEARLY_VM_CANNOT_ADJUST');

    const status = detail.getByTestId(`vm-status-${uuid}`);
    await page.getByTestId(`vm-reboot-${uuid}`).click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(status).toHaveAttribute('data-busy', 'true');
    await expect(status).toHaveText('Running', CLOUD);
    await expect(status).not.toHaveAttribute('data-busy');
  });

  await test.step('cancel within 7 days: cancelled within 7 days, the VM on demand again', async () => {
    await page.goto('/#/orderManage');
    await page.getByTestId(`order-cancel-${orderNo}`).click();
    const dialog = page.getByTestId('password-confirm-dialog');
    await expect(dialog.getByTestId('order-cancel-body')).toContainText('less than 7 days ago');
    await dialog.getByTestId('password-confirm-input').fill(DEMO.password);
    await dialog.getByTestId('password-confirm-submit').click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: `Order ${orderNo} is cancelled.` }),
    ).toBeVisible();
    await expect(page.getByTestId(`order-status-${orderNo}`)).toHaveCount(0);

    await page.getByTestId('order-history-link').click();
    await expect(page).toHaveURL(/#\/orderHistory$/);
    await expect(page.getByTestId(`order-status-${orderNo}`)).toHaveText('Cancelled within 7 days');

    await page.goto(`/#/vmSetting/${uuid}`);
    await expect(page.getByTestId('field-isAnnual')).toContainText('On demand');
    await expect(page.getByTestId(`vm-annual-chip-${uuid}`)).toHaveCount(0);
    await expect(page.getByTestId(`vm-delete-${uuid}`)).toBeEnabled();
  });
});
