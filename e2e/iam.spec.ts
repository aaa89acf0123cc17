import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { DEMO, errorToast, fillIamLogin, open, signInDemoRoot } from './support/portal';

const PASSWORD = 'Journey-Passw0rd-2026!';

test('root creates an IAM user with a role, locks it out of an open console, and finds it all in the audit log', async ({
  page,
  browser,
}) => {
  const account = `ops_${Date.now().toString(36)}`;

  // Root: create the user with the compute operator role, the preview saying what it allows.
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.getByTestId('sidebar-group-account').click();
  await page.getByTestId('sidebar-link-iam').click();
  await page.getByTestId('iam-create').click();
  await page.getByTestId('field-account').fill(account);
  await page.getByTestId('field-email').fill(`${account}@example.com`);
  await page.getByTestId('field-password').fill(PASSWORD);
  await page.getByTestId('field-confirmPassword').fill(PASSWORD);
  await page.getByTestId('role-computeOperator').check();
  await expect(page.getByTestId('role-preview-compute/vm')).toContainText('Manage');
  await expect(page.getByTestId('role-preview-network/vpc')).toContainText('View');
  await expect(page.getByTestId('role-preview-storage/bucket')).toHaveCount(0);
  await page.getByTestId('iam-user-save').click();
  await expect(page).toHaveURL(/#\/iam$/);
  await expect(page.getByTestId(`iam-status-${account}`)).toHaveText('Active');

  // The user signs in elsewhere and sees only its role's menu.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await open(user, '/login');
  await fillIamLogin(user, DEMO.clientNumber, account, PASSWORD);
  await expect(user).toHaveURL(/#\/dashboard$/);
  await expect(user.getByTestId('sidebar-link-vmSetting')).toBeAttached();
  await expect(user.getByTestId('sidebar-link-diskList')).toBeAttached();
  await expect(user.getByTestId('sidebar-link-bucket')).toHaveCount(0);
  await expect(user.getByTestId('sidebar-link-iam')).toHaveCount(0);
  await expect(user.getByTestId('sidebar-link-auditLog')).toHaveCount(0);
  await user.getByTestId('account-menu-button').click();
  await user.getByTestId('account-menu-my-info').click();
  await expect(user.getByTestId('my-info-form')).toBeVisible();

  // Root locks the user.
  await page.getByTestId(`iam-lock-${account}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId(`iam-status-${account}`)).toHaveText('Locked');
  await expect(page.getByTestId(`iam-lock-${account}`)).toHaveCount(0);
  await expect(page.getByTestId(`iam-unlock-${account}`)).toBeVisible();

  // The user's open console makes its next call and is signed out.
  await user.getByTestId('my-info-save').click();
  await expect(errorToast(user).first()).toBeVisible();
  await expect(user).toHaveURL(/#\/login/);
  expect(await user.evaluate(() => localStorage.getItem('authorization'))).toBeFalsy();

  // Signing in again tells the user to contact the root administrator.
  await fillIamLogin(user, DEMO.clientNumber, account, PASSWORD);
  await expect(errorToast(user).last()).toContainText('contact your Root administrator');
  await expect(user).toHaveURL(/#\/login/);
  await userContext.close();

  // Root finds the events in the audit log, from the account menu.
  await page.getByTestId('account-menu-button').click();
  await page.getByTestId('account-menu-audit-log').click();
  await expect(page).toHaveURL(/#\/auditLog$/);
  const rows = page.getByTestId('audit-table').getByTestId('resource-table-row');
  // Details in words: the role by its name, two-step as off, the refusal by its message.
  const created = rows.filter({ hasText: 'Created IAM user' }).filter({ hasText: account });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Roles: Compute operator');
  await expect(created).toContainText('Two-step: Off');
  await expect(created).not.toContainText(/computeOperator|false/);
  await expect(rows.filter({ hasText: 'Locked IAM user' }).filter({ hasText: account })).toHaveCount(1);
  const refused = rows.filter({ hasText: 'Sign-in failed' }).filter({ hasText: 'This account is locked' });
  await expect(refused).toHaveCount(1);
  await expect(rows.filter({ hasText: account }).filter({ hasText: 'Signed in' })).toHaveCount(1);

  // Filtered by action, only the lock is left.
  // The menu of actions is long; on a loaded machine its first opening can miss the click, so the
  // choice is tried again (closing a menu left open) until the filter shows it.
  const action = page.getByRole('combobox', { name: 'Action' });
  await expect(async () => {
    if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape');
    await action.click();
    await page.getByRole('option', { name: 'Locked IAM user', exact: true }).click({ timeout: 5_000 });
    await expect(action).toHaveText('Locked IAM user', { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(account);

  // The export is the same list as CSV that Excel reads (UTF-8 with a byte-order mark).
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const file = await readFile((await (await download).path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('iam.user.lock');
  expect(lines[1]).not.toMatch(/Passw0rd/);
});

test('a locked user signing in is told ACCOUNT_IS_LOCK in Chinese too', async ({ page, browser }) => {
  const account = `locked_${Date.now().toString(36)}`;
  // Create and lock the user through the API as root, then try the sign-in form.
  await open(page, '/login');
  await signInDemoRoot(page);
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/iam/users', {
    headers,
    data: { account, password: PASSWORD, roles: ['readOnly'] },
  });
  expect(created.ok()).toBe(true);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  expect((await page.request.post(`/api/iam/users/${id}/lock`, { headers })).ok()).toBe(true);

  const context = await browser.newContext();
  const user = await context.newPage();
  await open(user, '/login', 'zh-TW');
  await fillIamLogin(user, DEMO.clientNumber, account, PASSWORD);
  await expect(errorToast(user)).toContainText('Root');
  await expect(errorToast(user)).toContainText('鎖定');
  await context.close();
});
