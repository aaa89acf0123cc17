import { type Page, expect } from '@playwright/test';
import { latestCode } from './mail';

export const DEMO = {
  password: process.env.DEMO_PASSWORD ?? 'Demo-Portal-2026!',
  rootEmail: 'demo@example.com',
  clientNumber: '20260000001',
  /** Named in the demo's language, zh-TW in the journeys' portals (portals.ts PORTAL_ENV). */
  companyName: '示範雲端股份有限公司',
  viewer: 'viewer',
};

/** Open a page of the portal with a language chosen and the cookie banner already answered. */
export async function open(page: Page, path: string, language: 'zh-TW' | 'en' = 'en') {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('useLanguage')) localStorage.setItem('useLanguage', lang);
    localStorage.setItem('cookieApprove', 'true');
  }, language);
  await page.goto(`/#${path}`);
}

export async function fillRootLogin(page: Page, email: string, password: string) {
  await page.getByTestId('login-tab-root').click();
  await page.getByTestId('field-account').fill(email);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function fillIamLogin(page: Page, root: string, account: string, password: string) {
  await page.getByTestId('login-tab-iam').click();
  await page.getByTestId('field-root').fill(root);
  await page.getByTestId('field-iamAccount').fill(account);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Root sign-in through the two-factor step, the code read from the outbox. */
export async function signInDemoRoot(page: Page) {
  const since = Date.now() - 1000;
  await fillRootLogin(page, DEMO.rootEmail, DEMO.password);
  await expect(page.getByTestId('login-form-2fa')).toBeVisible();
  const code = await latestCode(page.request, DEMO.rootEmail, since);
  await page.getByTestId('field-tfa_code').fill(code);
  await page.getByTestId('tfa-verify').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
}

export async function chooseLanguage(page: Page, language: 'zh-TW' | 'en') {
  await page.getByTestId('language-menu-button').click();
  await page.getByTestId(`language-${language}`).click();
}

export const errorToast = (page: Page) => page.getByTestId('toast-error');
