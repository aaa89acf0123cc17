import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';
import { spawnPortal } from '../packages/cli/src/spawn-portal';

test('a key that may only see VMs lists them from the CLI, is refused a stop, and stops working once revoked', async ({
  page,
  portal,
}) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-key-journey-'));
  const run = spawnPortal(dir);
  try {
    await open(page, '/login');
    await signInDemoRoot(page);
    await page.goto('/#/apiKeys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

    // A key named for the script, for 90 days (the default), that may only see VMs.
    await page.getByTestId('api-key-create').click();
    const dialog = page.getByTestId('api-key-create-dialog');
    await dialog.getByTestId('field-name').fill('vm-report');
    await dialog.getByTestId('api-key-scope-some').check();
    await dialog.getByTestId('api-key-grant-compute/vm').check();
    await dialog.getByTestId('api-key-level-compute/vm-view').click();
    await dialog.getByTestId('api-key-create-dialog-submit').click();

    // The secret, once, with how to use it.
    const shown = page.getByTestId('api-key-secret-dialog');
    await expect(shown.getByTestId('api-key-secret-once')).toBeVisible();
    const secret = (await shown.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByTestId('api-key-cli')).toContainText(`portal login --key ${secret}`);
    await shown.getByTestId('api-key-secret-done').click();
    await expect(shown).toBeHidden();
    const row = page.getByTestId(/^api-key-row-/).filter({ hasText: 'vm-report' });
    await expect(row).toContainText(secret.slice(0, 12));
    await expect(row).not.toContainText(secret);

    // The script: signs in with the key, lists the VMs, and may not stop one.
    const login = await run(['login', '--key', secret, '--url', portal]);
    expect(login.code, login.stderr).toBe(0);
    const listed = await run(['vm', 'list', '--output', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    const vms = (JSON.parse(listed.stdout) as { records: { uuid: string; name: string }[] }).records;
    expect(vms.length).toBeGreaterThan(0);
    const stop = await run(['vm', 'stop', vms[0]!.uuid]);
    expect(stop.code).toBe(4);
    expect(stop.stderr).toContain('FORBIDDEN');

    // The console shows it was used; revoked there, the next call is refused.
    await page.reload();
    await expect(row.getByTestId(/^api-key-last-used-/)).not.toHaveText('Never');
    await row.getByRole('button', { name: 'Revoke vm-report' }).click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await expect(row).toBeHidden();
    const after = await run(['vm', 'list']);
    expect(after.code).toBe(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
