import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { DEMO, errorToast, open, signInDemoRoot } from './support/portal';

// One bucket of its own per run (CI retries a test on the same portal): created, filled, used and
// deleted here. The demo's acme-website and acme-backups are only read (a name already taken).

/** The signed-in user's API token, for a call the page would not make. */
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

const objectRow = (page: Page, key: string) => page.locator(`[data-testid="object-row"][data-key="${key}"]`);
const uploadItem = (page: Page, key: string) =>
  page.getByTestId('upload-item').filter({ has: page.getByText(key, { exact: true }) });

/** Opens a row's menu and picks one of its actions. */
async function rowAction(page: Page, key: string, action: string) {
  await page.getByTestId(`object-more-${key}`).click();
  await page.getByTestId(`object-${action}-${key}`).click();
}

/** A folder of four files as a user would pick it: two at its top, one in each of two sub-folders. */
function siteFolder(stamp: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bucket-e2e-'));
  const files: Record<string, string> = {
    'site/index.html': `<h1>Hello ${stamp}</h1>\n`,
    'site/notes.txt': `Notes of ${stamp}\n`,
    'site/css/style.css': 'body { color: teal; }\n',
    'site/docs/guide.txt': 'Read me first.\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, site: join(dir, 'site'), files };
}

test('root creates a bucket, uploads a folder, renames, moves, shares a link, adds a rule, uses a key with the AWS SDK, then empties and deletes it', async ({
  page,
  context,
}) => {
  // A whole bucket's life in one journey: longer than the default minute on a busy machine.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `e2e-${stamp}`;
  const folder = siteFolder(stamp);
  try {
    await open(page, '/login');
    await signInDemoRoot(page);

    await test.step('create a bucket in the dialog: a bad name and a taken one refused', async () => {
      await page.goto('/#/bucket');
      await expect(page.getByTestId('bucket-link-acme-backups')).toBeVisible();
      await page.getByTestId('bucket-create').click();
      const dialog = page.getByTestId('bucket-create-dialog');
      const field = dialog.getByTestId('field-name');
      await field.fill('My_Bucket');
      await expect(dialog).toContainText('Use 3 to 63 lower-case letters, digits or hyphens (-).');
      await field.fill('acme-backups');
      await dialog.getByTestId('bucket-create-dialog-submit').click();
      await expect(dialog).toContainText('You already have a bucket with this name.');
      await field.fill(name);
      await expect(dialog.getByTestId('bucket-create-public-note')).toContainText(/private/i);
      await dialog.getByTestId('bucket-create-dialog-submit').click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`#/bucket/${name}$`));
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByTestId(`bucket-access-${name}`)).toHaveText('Private');
    });

    // What an S3 client needs, as the bucket's page tells it.
    const endpoint = (await page.getByTestId('field-endpoint').locator('code').textContent())!.trim();
    const region = (await page.getByTestId('field-region').locator('dd').textContent())!.trim();
    const s3Name = (await page.getByTestId('bucket-s3-name').textContent())!.trim();
    expect(endpoint).toMatch(/^https?:\/\//);
    expect(s3Name).toMatch(new RegExp(`^t[0-9a-f]{11}-${name}$`));

    await test.step('upload a folder: three files at once with their progress, the fourth waiting', async () => {
      await page.getByTestId('bucket-tab-objects').click();
      await expect(page.getByTestId('objects-empty')).toContainText('This bucket is empty.');
      // The uploads are held at the network until the page has been seen sending them.
      const held: Route[] = [];
      let release = false;
      await page.route(
        (url) => url.pathname === `/api/buckets/${name}/objects`,
        (route) => {
          if (route.request().method() !== 'PUT' || release) return route.continue();
          held.push(route);
        },
      );
      await page.getByTestId('objects-folder-input').setInputFiles(folder.site);
      const items = page.getByTestId('upload-item');
      await expect(items).toHaveCount(4);
      await expect.poll(() => held.length).toBe(3);
      await expect(page.locator('[data-testid="upload-item"][data-status="uploading"]')).toHaveCount(3);
      await expect(page.locator('[data-testid="upload-item"][data-status="waiting"]')).toHaveCount(1);
      for (const key of Object.keys(folder.files)) {
        const item = uploadItem(page, key);
        await expect(item.getByTestId('upload-item-status')).toHaveText(/^(\d{1,3}%|Waiting)$/);
        await expect(item.getByRole('progressbar', { name: `Upload progress of ${key}` })).toBeVisible();
      }
      await expect(page.getByTestId('upload-summary')).toHaveText('Uploaded 0 of 4 · failed 0 · cancelled 0');
      release = true;
      for (const route of held) await route.continue();
      for (const key of Object.keys(folder.files)) {
        const item = uploadItem(page, key);
        await expect(item).toHaveAttribute('data-status', 'done');
        await expect(item.getByTestId('upload-item-status')).toHaveText('Done');
        await expect(item.getByRole('progressbar')).toHaveCount(0);
      }
      await expect(page.getByTestId('upload-summary')).toHaveText('Uploaded 4 of 4 · failed 0 · cancelled 0');
      await page.unroute((url) => url.pathname === `/api/buckets/${name}/objects`);
    });

    await test.step('the rows and folder navigation', async () => {
      await expect(page.getByTestId('object-row')).toHaveCount(1);
      await page.getByTestId('object-open-site/').click();
      await expect(page).toHaveURL(/prefix=site%2F/);
      await expect(page.getByTestId('object-breadcrumb')).toContainText('site');
      await expect(page.getByTestId('object-row')).toHaveCount(4);
      await expect(objectRow(page, 'site/css/')).toContainText('Folder');
      await expect(objectRow(page, 'site/docs/')).toContainText('Folder');
      await expect(objectRow(page, 'site/index.html')).toContainText('html');
      await expect(objectRow(page, 'site/notes.txt').getByTestId('object-size')).toHaveText(
        `${folder.files['site/notes.txt']!.length} B`,
      );
      await page.getByTestId('object-open-site/css/').click();
      await expect(page.getByTestId('object-row')).toHaveCount(1);
      await expect(objectRow(page, 'site/css/style.css')).toBeVisible();
      await page.getByTestId('crumb-site/').click();
      await expect(page.getByTestId('object-row')).toHaveCount(4);
    });

    await test.step('rename a file, move it into another folder; a folder cannot go into itself', async () => {
      await rowAction(page, 'site/notes.txt', 'rename');
      const rename = page.getByTestId('object-rename-dialog');
      await rename.getByTestId('field-newName').fill('readme.txt');
      await rename.getByTestId('object-rename-dialog-submit').click();
      await expect(rename).toBeHidden();
      await expect(objectRow(page, 'site/readme.txt')).toBeVisible();
      await expect(objectRow(page, 'site/notes.txt')).toHaveCount(0);

      await rowAction(page, 'site/readme.txt', 'move');
      const move = page.getByTestId('object-transfer-dialog');
      await expect(move.getByTestId('transfer-mode-move').getByRole('radio')).toBeChecked();
      await move.getByTestId('transfer-folder-site/docs/').click();
      await expect(move.getByTestId('field-destination')).toHaveValue('site/docs/');
      await move.getByTestId('object-transfer-dialog-submit').click();
      await expect(move).toBeHidden();
      await expect(objectRow(page, 'site/readme.txt')).toHaveCount(0);
      await page.getByTestId('object-open-site/docs/').click();
      await expect(objectRow(page, 'site/docs/readme.txt')).toBeVisible();
      await expect(objectRow(page, 'site/docs/guide.txt')).toBeVisible();
      await page.getByTestId('crumb-site/').click();

      // The folder css into itself: the dialog refuses it, and so does the server.
      await rowAction(page, 'site/css/', 'move');
      await move.getByTestId('transfer-folder-site/css/').click();
      await expect(move.getByTestId('object-transfer-problem')).toHaveText(
        'Invalid folder: a folder cannot be copied or moved into itself or one of its sub-folders.',
      );
      await expect(move.getByTestId('object-transfer-dialog-submit')).toBeDisabled();
      await move.getByRole('button', { name: 'Cancel' }).click();
      await expect(move).toBeHidden();
      const res = await page.request.post(`/api/buckets/${name}/objects/transfer`, {
        headers: await bearer(page),
        data: { keys: ['site/css/'], destination: 'site/css/', mode: 'move' },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toBe('INVALID_DIRECTORY');
      await expect(objectRow(page, 'site/css/')).toBeVisible();
    });

    await test.step('a presigned link opens the file without signing in', async () => {
      await page.getByTestId('object-open-site/docs/').click();
      await rowAction(page, 'site/docs/readme.txt', 'presign');
      const presign = page.getByTestId('object-presign-dialog');
      await presign.getByTestId('field-expiresMinutes').fill('5');
      await presign.getByTestId('object-presign-dialog-submit').click();
      const url = (await presign.getByTestId('presign-url').textContent())!;
      expect(url).toContain(`/${s3Name}/site/docs/readme.txt?`);
      await expect(presign.getByTestId('presign-countdown')).toHaveText(/^Expires in 0?[45]:\d\d$/);
      // A fresh browser page with no session of the portal reads it.
      const other = await context.browser()!.newPage();
      try {
        const answer = await other.goto(url);
        expect(answer?.status()).toBe(200);
        await expect(other.locator('body')).toHaveText(folder.files['site/notes.txt']!.trim());
      } finally {
        await other.close();
      }
      // Without its signature the same address is refused: the bucket is private.
      expect((await page.request.get(url.split('?')[0]!)).status()).toBe(403);
      await presign.getByRole('button', { name: 'Cancel' }).click();
      await expect(presign).toBeHidden();
    });

    await test.step('add a lifecycle rule and see it listed', async () => {
      await page.getByTestId('bucket-tab-lifecycle').click();
      await expect(page.getByTestId('lifecycle-empty')).toBeVisible();
      await page.getByTestId('lifecycle-create').click();
      const dialog = page.getByTestId('lifecycle-dialog');
      await dialog.getByTestId('field-prefix').fill('logs/');
      await dialog.getByTestId('field-expirationDays').fill('7');
      await dialog.getByTestId('lifecycle-dialog-submit').click();
      await expect(dialog).toBeHidden();
      const rows = page.getByTestId('lifecycle-table').locator('tbody tr');
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Prefix logs/');
      await expect(rows).toContainText('After 7 days');
      await expect(rows).toContainText('Enabled');
    });

    await test.step('create a key, read its secret once, and put an object with the AWS SDK', async () => {
      await page.getByTestId('bucket-tab-keys').click();
      await page.getByTestId('bucket-key-create').click();
      const dialog = page.getByTestId('bucket-key-create-dialog');
      await dialog.getByTestId('field-name').fill(`sdk-${stamp}`);
      await expect(dialog.getByTestId('bucket-key-scope-bucket')).toBeChecked();
      await dialog.getByTestId('bucket-key-create-dialog-submit').click();
      const secretDialog = page.getByTestId('bucket-key-secret-dialog');
      const accessKeyId = (await secretDialog.getByTestId('bucket-key-access-id').textContent())!.trim();
      const secretAccessKey = (await secretDialog.getByTestId('bucket-key-secret').textContent())!.trim();
      expect(accessKeyId).not.toBe('');
      expect(secretAccessKey.length).toBeGreaterThanOrEqual(20);
      await expect(secretDialog.getByTestId('bucket-key-cli')).toContainText(`--endpoint-url ${endpoint}`);

      const s3 = new S3Client({
        endpoint,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      });
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: s3Name,
            Key: 'sdk/hello.txt',
            Body: `from the SDK ${stamp}`,
            ContentType: 'text/plain',
          }),
        );
        const got = await s3.send(new GetObjectCommand({ Bucket: s3Name, Key: 'sdk/hello.txt' }));
        expect(await got.Body!.transformToString()).toBe(`from the SDK ${stamp}`);
        // A key of this bucket reaches no other: the demo's acme-website refuses it a write.
        const other = await page.request.get('/api/buckets/acme-website', { headers: await bearer(page) });
        const otherS3Name = ((await other.json()) as { data: { s3Name: string } }).data.s3Name;
        const refused = await s3
          .send(new PutObjectCommand({ Bucket: otherS3Name, Key: `e2e-${stamp}.txt`, Body: 'no' }))
          .then(
            () => null,
            (error: Error) => error,
          );
        expect(refused?.name).toBe('AccessDenied');
      } finally {
        s3.destroy();
      }

      await secretDialog.getByTestId('bucket-key-secret-done').click();
      await expect(secretDialog).toBeHidden();
      const keyRow = page
        .getByTestId('bucket-keys-table')
        .locator('tbody tr')
        .filter({ hasText: `sdk-${stamp}` });
      await expect(keyRow).toContainText(accessKeyId);
      await expect(keyRow).toContainText('This bucket');
      await expect(page.getByTestId('bucket-keys-table')).not.toContainText(secretAccessKey);

      // The tab opens at the top of the bucket; what the SDK put shows once the list is asked again.
      await page.getByTestId('bucket-tab-objects').click();
      await expect(objectRow(page, 'site/')).toBeVisible();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(objectRow(page, 'sdk/')).toBeVisible();
      await page.getByTestId('object-open-sdk/').click();
      await expect(objectRow(page, 'sdk/hello.txt')).toBeVisible();
    });

    await test.step('empty the bucket with the password (a wrong one refused), then delete it', async () => {
      await page.reload();
      await expect(page.getByTestId(`bucket-delete-${name}`)).toBeDisabled();
      await page.getByTestId(`bucket-empty-${name}`).click();
      const confirm = page.getByTestId('password-confirm-dialog');
      await confirm.getByTestId('password-confirm-input').fill('not-the-password');
      await confirm.getByTestId('password-confirm-submit').click();
      await expect(errorToast(page)).toContainText('The password is incorrect.');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(objectRow(page, 'sdk/hello.txt')).toBeVisible();

      await page.getByTestId(`bucket-empty-${name}`).click();
      await confirm.getByTestId('password-confirm-input').fill(DEMO.password);
      await confirm.getByTestId('password-confirm-submit').click();
      await expect(page.getByTestId('toast-success').filter({ hasText: `${name} emptied.` })).toBeVisible();
      await page.getByTestId('crumb-top').click();
      await expect(page.getByTestId('objects-empty')).toContainText('This bucket is empty.');

      await expect(page.getByTestId(`bucket-delete-${name}`)).toBeEnabled();
      await page.getByTestId(`bucket-delete-${name}`).click();
      await confirm.getByTestId('password-confirm-input').fill(DEMO.password);
      await confirm.getByTestId('password-confirm-submit').click();
      await expect(page).toHaveURL(/#\/bucket$/);
      await expect(page.getByTestId('toast-success').filter({ hasText: `${name} deleted.` })).toBeVisible();
      await expect(page.getByTestId('bucket-link-acme-backups')).toBeVisible();
      await expect(page.getByTestId(`bucket-link-${name}`)).toHaveCount(0);
    });
  } finally {
    rmSync(folder.dir, { recursive: true, force: true });
  }
});
