import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open } from './support/portal';

// The themes' page backgrounds (apps/web/src/app/theme.ts).
const LIGHT = 'rgb(247, 247, 248)';
const DARK = 'rgb(18, 19, 22)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** What index.html's first script marked before anything painted. */
const marked = (page: Page) => page.evaluate(() => document.documentElement.dataset.colorScheme);

test('follows the system, keeps a chosen scheme across a reload, and goes back to the system', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '/');
  await expect(page.getByTestId('solution-table')).toBeVisible();
  await expect.poll(() => background(page)).toBe(LIGHT);
  // The system turns dark: the page follows at once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(LIGHT);

  await page.locator('[data-testid="color-mode-button"]:visible').click();
  await expect(page.getByTestId('color-mode-system')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('color-mode-dark').click();
  await expect.poll(() => background(page)).toBe(DARK);

  // The choice wins over the light system after a reload, from the first paint on.
  await page.reload();
  expect(await marked(page)).toBe('dark');
  await expect(page.getByTestId('solution-table')).toBeVisible();
  await expect.poll(() => background(page)).toBe(DARK);

  await page.locator('[data-testid="color-mode-button"]:visible').click();
  await expect(page.getByTestId('color-mode-dark')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('color-mode-system').click();
  await expect.poll(() => background(page)).toBe(LIGHT);
});
