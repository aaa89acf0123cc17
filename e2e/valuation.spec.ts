import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

/**
 * The monthly cost estimate and the usage report of the demo customer, whose past hours the
 * portal metered at its first start (the real meter over the seeded fleet). The figures on the
 * pages are the API's, read alongside: the hourly meter may add an hour while the journey runs,
 * so each comparison is retried with a fresh answer.
 */

/** An exact decimal as the pages show money: two places, half up, grouped ("81,860.60"). */
function money(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cents = (BigInt(`${whole}${fraction.padEnd(3, '0').slice(0, 3)}`) + 5n) / 10n;
  return `${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(cents % 100n).toString().padStart(2, '0')}`;
}

interface Valuation {
  month: string;
  monthToDate: string;
  forecast: string;
  hoursLeft: number;
  vms: { count: number };
  items: { item: string; amount: string }[];
  dataStore: { commitGb: number };
}
interface Report {
  month: string;
  total: string;
  lines: { total: number };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Opens the month picker of a page and picks a month. */
async function pickMonth(page: Page, testId: string, month: string) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByTestId(`${testId}-${month}`).click();
}

test('read the month’s cost estimate and the usage report, and download the report as CSV', async ({
  page,
}) => {
  test.setTimeout(40_000);
  await open(page, '/login');
  await signInDemoRoot(page);

  await page.goto('/#/valuation');
  // The first console page of the journey: its chunk and texts load on a busy machine.
  await expect(page.getByRole('heading', { name: 'Monthly cost estimate', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(async () => {
    const v = await api<Valuation>(page, '/api/valuation');
    // The demo fleet has run since the start of the month: there is something to pay.
    expect(Number(v.monthToDate)).toBeGreaterThan(0);
    expect(v.vms.count).toBeGreaterThan(0);
    await expect(page.getByTestId('valuation-mtd')).toHaveText(`NT$ ${money(v.monthToDate)}`, {
      timeout: 1000,
    });
    await expect(page.getByTestId('valuation-forecast')).toHaveText(`NT$ ${money(v.forecast)}`, {
      timeout: 1000,
    });
    await expect(page.getByTestId('valuation-vms')).toHaveText(String(v.vms.count), { timeout: 1000 });
    for (const name of ['cpus', 'ram', 'disks']) {
      const item = v.items.find((i) => i.item === name);
      expect(item, name).toBeDefined();
      await expect(page.getByTestId(`valuation-item-${name}-amount`)).toHaveText(money(item!.amount), {
        timeout: 1000,
      });
    }
    await expect(page.getByTestId('valuation-bill-total')).toHaveText(money(v.monthToDate), {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  // The line of vCPU-hours says what it is charged at.
  await expect(page.getByTestId('valuation-line-cpus-vm.vcpu')).toContainText('NT$ 0.85 / vCPU-hour');
  await expect(page.getByTestId('valuation-commit')).toHaveText('No contract');

  // Last month is over: its forecast is its cost.
  const current = (await api<Valuation>(page, '/api/valuation')).month;
  const [y, m] = current.split('-').map(Number) as [number, number];
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  await pickMonth(page, 'valuation-month', last);
  await expect(async () => {
    const v = await api<Valuation>(page, `/api/valuation?month=${last}`);
    expect(v.hoursLeft).toBe(0);
    expect(v.forecast).toBe(v.monthToDate);
    await expect(page.getByTestId('valuation-mtd')).toHaveText(`NT$ ${money(v.monthToDate)}`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText("The month is over: the forecast is the month's cost.")).toBeVisible();

  // The usage report: the month's total, the lines a page at a time, the CSV.
  await page.goto('/#/usageReport');
  await expect(page.getByRole('heading', { name: 'Usage report', level: 1 })).toBeVisible();
  await expect(async () => {
    const r = await api<Report>(page, '/api/usage/report?limit=0');
    await expect(page.getByTestId('usage-total')).toHaveText(`NT$ ${money(r.total)}`, { timeout: 1000 });
    await expect(page.getByText(`1–10 of ${r.lines.total}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('usage-lines').getByTestId('resource-table-row')).toHaveCount(10);
  await expect(page.getByTestId('usage-kind-vm')).toContainText('Virtual machine');
  await expect(page.getByTestId('usage-chart')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByTestId('usage-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`usage-report-${current}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"Month","Kind","Resource"')).toBe(true);
  // A running demo VM's vCPU-hours are a line of the month.
  expect(csv).toMatch(
    new RegExp(`^"${current}","VM","web-01","[0-9a-f-]{36}","2 vCPU / 4 GB","vCPU","vm.vcpu",`, 'm'),
  );
});
