import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

const BIN = fileURLToPath(new URL('../packages/cli/bin/portal.mjs', import.meta.url));

/** `portal <args>` as a script runs it, with a settings file of its own: exit code and output. */
function cli(dir: string) {
  return (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [BIN, ...args],
        {
          env: {
            PATH: process.env.PATH,
            HOME: dir,
            PORTAL_CONFIG: path.join(dir, 'config.json'),
            LANG: 'en_US.UTF-8',
          },
          timeout: 30_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
}

test('a key that may only see VMs lists them from the CLI, is refused a stop, and stops working once revoked', async ({
  page,
  portal,
}) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-key-journey-'));
  const run = cli(dir);
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
