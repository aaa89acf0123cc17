import { expect, test } from './support/test';
import { latestCode } from './support/mail';
import { approvedCustomer } from './support/registration';
import {
  DEMO,
  chooseLanguage,
  errorToast,
  fillIamLogin,
  fillRootLogin,
  open,
  signInDemoRoot,
} from './support/portal';

test('root signs in with two-factor, sees the console, switches language and signs out', async ({ page }) => {
  await open(page, '/login', 'zh-TW');
  await expect(page.getByTestId('login-submit')).toHaveText('登入');
  await signInDemoRoot(page);

  await expect(page.getByTestId('dashboard-clientNumber')).toHaveText(DEMO.clientNumber);
  await expect(page.getByTestId('dashboard-role')).toBeVisible();
  // Root holds everything: the people of the account are in its menu.
  await expect(page.getByTestId('sidebar-link-iam')).toBeAttached();
  await expect(page.getByTestId('sidebar-link-dashboard')).toHaveText('總覽');

  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('sidebar-link-dashboard')).toHaveText('Dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId('sidebar-link-dashboard')).toHaveText('Dashboard');

  await page.getByTestId('account-menu-button').click();
  await expect(page.getByTestId('account-menu-client-number')).toContainText(DEMO.clientNumber);
  await page.getByTestId('account-menu-logout').click();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeFalsy();

  // The console is closed again.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/login/);
});

test('the read-only IAM user sees only what its role allows', async ({ page }) => {
  await open(page, '/login');
  await fillIamLogin(page, DEMO.clientNumber, DEMO.viewer, DEMO.password);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByTestId('dashboard-account')).toHaveText(DEMO.viewer);

  await expect(page.getByTestId('sidebar-link-vmSetting')).toBeAttached();
  await expect(page.getByTestId('sidebar-link-iam')).toHaveCount(0);
  await expect(page.getByTestId('sidebar-link-auditLog')).toHaveCount(0);

  // Typing the address of a page the role does not allow shows the refusal, not the page.
  await page.goto('/#/iam');
  await expect(page.getByTestId('status-forbidden')).toBeVisible();

  // The menu comes from the server, which leaves out what the role does not allow.
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const res = await page.request.get('/api/auth/page', { headers: { authorization: `Bearer ${token}` } });
  const links = ((await res.json()).data.menu as { link: string }[]).map((m) => m.link);
  expect(links).toContain('/vmSetting');
  expect(links).not.toContain('/iam');
});

test('a wrong password is refused with the same words for an unknown account', async ({ page }) => {
  await open(page, '/login');
  await fillRootLogin(page, DEMO.rootEmail, 'Wrong-Password-123!');
  await expect(errorToast(page)).toContainText('The account or password is incorrect.');
  await expect(page).toHaveURL(/#\/login$/);

  await page.getByTestId('toast-error').getByRole('button').click();
  await expect(errorToast(page)).toHaveCount(0);
  await fillRootLogin(page, 'nobody@example.com', 'Wrong-Password-123!');
  await expect(errorToast(page)).toContainText('The account or password is incorrect.');
});

test('repeated failures lock the account for a while', async ({ page }) => {
  await open(page, '/login');
  const alias = `ghost${Date.now()}`;
  let locked = false;
  for (let attempt = 0; attempt < 8 && !locked; attempt++) {
    await fillIamLogin(page, DEMO.clientNumber, alias, 'Wrong-Password-123!');
    const toast = errorToast(page).last();
    await expect(toast).toBeVisible();
    locked = (await toast.textContent())?.includes('Too many attempts') ?? false;
    await page.evaluate(() =>
      document
        .querySelectorAll('[data-testid="toast-error"] button')
        .forEach((b) => (b as HTMLButtonElement).click()),
    );
    await expect(errorToast(page)).toHaveCount(0);
  }
  expect(locked).toBe(true);
});

test('ten wrong codes across sign-ins pause two-step sign-in, and the page says so plainly', async ({
  page,
}) => {
  const password = 'Guessed-Codes-2026!';
  const email = await approvedCustomer(page.request, password);
  await open(page, '/login');
  // A guesser who knows the password: two sign-ins of five wrong codes each.
  for (let signIn = 0; signIn < 2; signIn++) {
    const since = Date.now() - 1000;
    await fillRootLogin(page, email, password);
    await expect(page.getByTestId('login-form-2fa')).toBeVisible();
    const wrong = String((Number(await latestCode(page.request, email, since)) + 1) % 1e6).padStart(6, '0');
    for (let guess = 1; guess <= 5; guess++) {
      await page.getByTestId('field-tfa_code').fill(wrong);
      await page.getByTestId('tfa-verify').click();
      // A wrong code is cleared for another try; the fifth ends the challenge.
      if (guess < 5) await expect(page.getByTestId('field-tfa_code')).toHaveValue('');
    }
    await expect(page.getByTestId('login-form-root')).toBeVisible();
  }
  const alert = page.getByTestId('tfa-locked');
  await expect(alert).toContainText('Two-step sign-in is paused');
  await expect(alert).toContainText('resumes by itself at');
  // Signing in again with the right password meets the same pause, and mails no code.
  await fillRootLogin(page, email, password);
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('login-form-2fa')).toHaveCount(0);
  await page.getByTestId('tfa-locked-reset').click();
  await expect(page).toHaveURL(/#\/forgetPassword$/);
});

test.describe('with codes that live one second', () => {
  test.use({ shortCodes: true });

  test('an expired code is refused and a new one can be sent', async ({ page }) => {
    await open(page, '/login');
    const since = Date.now() - 1000;
    await fillRootLogin(page, DEMO.rootEmail, DEMO.password);
    await expect(page.getByTestId('login-form-2fa')).toBeVisible();
    await expect(page.getByTestId('tfa-sent-to')).toContainText('@example.com');
    const code = await latestCode(page.request, DEMO.rootEmail, since);
    await page.waitForTimeout(1500);
    await page.getByTestId('field-tfa_code').fill(code);
    await page.getByTestId('tfa-verify').click();
    await expect(errorToast(page)).toContainText('expired');
    await expect(page).toHaveURL(/#\/login$/);
  });
});
