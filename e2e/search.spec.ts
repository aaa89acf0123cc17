import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

/**
 * The console search: Ctrl+K anywhere in the console, a demo VM found by its address and opened
 * with Enter; then the top bar's box, a load balancer found by name and its filtered list opened.
 */

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

test('find a VM by its IP with Ctrl+K and open it; find a balancer from the top bar’s box', async ({
  page,
}) => {
  test.setTimeout(40_000);
  await open(page, '/login');
  await signInDemoRoot(page);
  const [vm] = (
    await api<{ records: { uuid: string; name: string; privateIP: string }[] }>(
      page,
      '/api/vms?search=db-primary',
    )
  ).records;
  expect(vm?.privateIP).toBeTruthy();

  // Anywhere in the console (once its frame is drawn): the shortcut opens the palette with the
  // focus in its box.
  await expect(page.getByTestId('console-search-box')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Control+K');
  const input = page.getByRole('combobox', { name: 'Search by name, id or IP address' });
  await expect(input).toBeFocused({ timeout: 15_000 });
  await input.fill(vm!.privateIP);
  const results = page.getByRole('listbox', { name: 'Search results' });
  const first = results.getByRole('option').first();
  await expect(first).toContainText(vm!.name);
  await expect(first).toContainText(vm!.privateIP);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  // The address also shows what holds it.
  await expect(results.getByRole('group', { name: 'IP addresses' })).toContainText(`VM: ${vm!.name}`);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/vmSetting/${vm!.uuid}$`));
  await expect(page.getByRole('heading', { name: vm!.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('search-palette')).toBeHidden();

  // The top bar's box: a balancer by part of its name; Escape closes, the box opens it again.
  await page.getByTestId('console-search-box').click();
  await expect(input).toBeFocused();
  await input.press('Escape');
  await expect(page.getByTestId('search-palette')).toBeHidden();
  await page.getByTestId('console-search-box').click();
  await input.fill('frontend');
  const balancer = results.getByRole('group', { name: 'Load balancers' }).getByRole('option').first();
  await expect(balancer).toContainText('web-frontend');
  await balancer.click();
  await expect(page).toHaveURL(/#\/balancer\?search=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('balancer-table')).toContainText('web-frontend');
});
