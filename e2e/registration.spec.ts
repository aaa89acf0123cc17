import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { latestCode } from './support/mail';
import { fillRootLogin, open } from './support/portal';
import {
  STAFF,
  approvedCustomer,
  mailedLink,
  solveCaptcha,
  uniqueCompanyId,
  uniqueEmail,
} from './support/registration';

// A real (tiny) PNG and PDF, as a person would upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const NEW_PASSWORD = 'Fresh-Start-2026!';

async function startRegistration(page: Page, email: string) {
  await open(page, '/register');
  await page.getByTestId('field-email').fill(email);
  await solveCaptcha(page);
  await page.getByTestId('email-captcha-submit').click();
  await expect(page).toHaveURL(/#\/registerDone\?email=/);
  await expect(page.getByTestId('register-done-page')).toContainText(email);
  await page.goto(`/#${await mailedLink(page.request, email, 'registerInfoInput')}`);
  await expect(page.getByTestId('section-basic')).toBeVisible();
}

async function fillCompany(page: Page, identityNumber: string) {
  await page.getByTestId('field-identity_number').fill(identityNumber);
  await page.getByTestId('field-company_name').fill('Journey Cloud Co., Ltd.');
  await page.getByTestId('field-company_owner').fill('Chen Mei-ling');
  await page.getByTestId('field-contact_name').fill('Lin Chih-wei');
  await page.getByTestId('field-contact_mobile').fill('0912345678');
  await page.getByTestId('field-contact_tel_code').fill('02');
  await page.getByTestId('field-contact_tel').fill('23456789');
  await page.getByTestId('field-bill_contact_mail').fill('billing@example.com');
}

async function staffSignIn(page: Page) {
  await open(page, '/ops/login');
  await page.getByTestId('field-email').fill(STAFF.email);
  await page.getByTestId('field-password').fill(STAFF.password);
  await page.getByTestId('ops-login-submit').click();
  await expect(page.getByTestId('ops-applications-page')).toBeVisible();
}

async function openApplication(page: Page, email: string) {
  await page.locator(`[data-testid="ops-application-row"][data-email="${email}"] a`).click();
  await expect(page.getByTestId('ops-field-company_name')).toBeVisible();
}

test('register a company, staff approve, set the password, sign in with two-factor', async ({ page }) => {
  const email = uniqueEmail('company');
  const identityNumber = uniqueCompanyId();
  await startRegistration(page, email);
  await fillCompany(page, identityNumber);
  await page
    .getByTestId('doc-doc1-input')
    .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('doc-doc1-name')).toContainText('id-front.png');
  await page
    .getByTestId('doc-companyDoc3-input')
    .setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('doc-companyDoc3-name')).toContainText('registration.pdf');
  // A draft survives a reload.
  await page.getByTestId('register-info-save').click();
  await page.reload();
  await expect(page.getByTestId('field-company_name')).toHaveValue('Journey Cloud Co., Ltd.');
  // Not every certificate is there: the page asks before sending.
  await page.getByTestId('register-info-submit').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page).toHaveURL(/#\/registerInfoDone$/);

  await staffSignIn(page);
  // The operations console has its own frame: no customer header, menus or cookie banner.
  await expect(page.getByTestId('ops-top-bar')).toBeVisible();
  await expect(page.getByTestId('ops-staff-email')).toContainText(STAFF.email);
  await expect(page.getByTestId('nav-login')).toHaveCount(0);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  await openApplication(page, email);
  await expect(page.getByTestId('ops-field-identity_number')).toHaveText(identityNumber);
  await expect(page.getByTestId('ops-doc-row-doc1')).toContainText('id-front.png');
  // An image shows in the page, from a blob: URL of the file fetched with the staff session.
  await page.getByTestId('ops-doc-doc1').click();
  await expect(page.getByTestId('ops-doc-preview')).toBeVisible();
  await expect(page.getByTestId('ops-doc-preview')).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  // A PDF opens in a tab of its own from a one-minute view link, inline and sandboxed.
  const viewed = page.context().waitForEvent('response', (r) => r.url().includes('/api/ops/document-view'));
  await page.getByTestId('ops-doc-companyDoc3').click();
  const pdf = await viewed;
  // allHeaders: headers() leaves out the security headers.
  const headers = await pdf.allHeaders();
  expect(pdf.status()).toBe(200);
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-disposition']).toMatch(/^inline;/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toMatch(/\bsandbox\b/);
  for (const other of page.context().pages()) if (other !== page) await other.close();
  await page.getByTestId('ops-approve').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('ops-application-state')).toHaveAttribute('data-state', 'REGISTER_COMPLETE');

  // The staff trail shows the approval.
  await page.getByTestId('ops-nav-audit').click();
  await expect(page.getByTestId('ops-audit-page')).toBeVisible();
  await page.getByTestId('ops-audit-filter-action').click();
  await page.getByTestId('ops-audit-action-option-application.approve').click();
  const approval = page.getByTestId('resource-table-row').filter({ hasText: email });
  await expect(approval).toHaveCount(1);
  await expect(approval.getByTestId('ops-audit-outcome')).toHaveAttribute('data-outcome', 'success');
  await expect(approval).toContainText(STAFF.email);

  // The first link is lost: staff send a fresh one, and the old one stops working.
  const firstLink = await mailedLink(page.request, email, 'setPassword');
  await page.goBack();
  await expect(page.getByTestId('ops-field-company_name')).toBeVisible();
  const resentSince = Date.now() - 1000;
  await page.getByTestId('ops-resend-link').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(() => mailedLink(page.request, email, 'setPassword', resentSince)).not.toBe(firstLink);
  const link = await mailedLink(page.request, email, 'setPassword', resentSince);
  const old = await page.request.get(`/api/password/set/${firstLink.split('/')[2]}`);
  expect(((await old.json()) as { msg: string }).msg).toBe('LINK_EXPIRED');
  await page.goto(`/#${firstLink}`);
  await expect(page.getByTestId('password-link-error')).toBeVisible();

  await page.goto(`/#${link}`);
  await page.reload();
  await page.getByTestId('field-password').fill(NEW_PASSWORD);
  await page.getByTestId('field-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('new-password-submit').click();
  await expect(page).toHaveURL(/#\/setPasswordDone$/);
  await page.getByTestId('password-done-login').click();

  const since = Date.now() - 1000;
  await fillRootLogin(page, email, NEW_PASSWORD);
  await expect(page.getByTestId('login-form-2fa')).toBeVisible();
  await page.getByTestId('field-tfa_code').fill(await latestCode(page.request, email, since));
  await page.getByTestId('tfa-verify').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the registration form keeps every label whole on a phone, in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startRegistration(page, uniqueEmail('phone'));
  for (const language of ['en', 'zh-TW'] as const) {
    await page.evaluate((lang) => localStorage.setItem('useLanguage', lang), language);
    await page.reload();
    await expect(page.getByTestId('section-basic')).toBeVisible();
    await expect(page.getByTestId('section-contact')).toContainText(
      language === 'en' ? 'Newsletters to the contact' : '寄給聯絡人的電子報',
    );
    // A label cut short ("Countr…") is wider than its box.
    const cut = await page
      .locator('label.MuiInputLabel-root')
      .evaluateAll((labels) =>
        labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      );
    expect(cut, language).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

test('a denied registration shows its reason in the progress query', async ({ page }) => {
  const email = uniqueEmail('denied');
  await startRegistration(page, email);
  await fillCompany(page, uniqueCompanyId());
  await page.getByTestId('register-info-submit').click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page).toHaveURL(/#\/registerInfoDone$/);

  await staffSignIn(page);
  await openApplication(page, email);
  await page.getByTestId('ops-deny').click();
  await page.getByTestId('ops-deny-reason').fill('The certificate does not match the company name');
  await page.getByTestId('ops-deny-confirm').click();
  await expect(page.getByTestId('ops-application-state')).toHaveAttribute('data-state', 'REGISTER_DENIED');

  const since = Date.now() - 1000;
  await open(page, '/registerQuery');
  await page.getByTestId('field-email').fill(email);
  await solveCaptcha(page);
  await page.getByTestId('email-captcha-submit').click();
  await expect(page).toHaveURL(/#\/registerQueryDone\?email=/);
  await page.goto(`/#${await mailedLink(page.request, email, 'registerQueryResult', since)}`);
  await expect(page.getByTestId('query-result-state')).toHaveAttribute('data-state', 'REGISTER_DENIED');
  await expect(page.getByTestId('query-result-reason')).toContainText(
    'The certificate does not match the company name',
  );
});

test('forgot password: reset from the mail, then sign in', async ({ page }) => {
  const email = await approvedCustomer(page.request, 'Before-Reset-2026!');
  await open(page, '/login');
  await page.getByTestId('login-forgot-password').click();
  await expect(page).toHaveURL(/#\/forgetPassword$/);
  const since = Date.now() - 1000;
  await page.getByTestId('field-email').fill(email);
  await solveCaptcha(page);
  await page.getByTestId('email-captcha-submit').click();
  await expect(page).toHaveURL(/#\/forgetPasswordDone\?email=/);

  const link = await mailedLink(page.request, email, 'resetPassword', since);
  await page.goto(`/#${link}`);
  await page.getByTestId('field-password').fill('After-Reset-2026!');
  await page.getByTestId('field-confirm').fill('After-Reset-2026!');
  await page.getByTestId('new-password-submit').click();
  await expect(page).toHaveURL(/#\/resetPasswordDone$/);

  // The link worked once.
  await page.goto(`/#${link}`);
  await page.reload();
  await expect(page.getByTestId('password-link-error')).toBeVisible();

  await open(page, '/login');
  const codeSince = Date.now() - 1000;
  await fillRootLogin(page, email, 'After-Reset-2026!');
  // Two-factor stays on after a reset.
  await expect(page.getByTestId('login-form-2fa')).toBeVisible();
  await page.getByTestId('field-tfa_code').fill(await latestCode(page.request, email, codeSince));
  await page.getByTestId('tfa-verify').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});
