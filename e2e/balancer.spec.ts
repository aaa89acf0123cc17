import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';
import { certificateFiles } from './support/certificates';

// The simulated cloud runs at a tenth of real time (portals.ts): a load balancer is
// programmed in a few seconds; the list asks again every 2 s while one is busy.
const CLOUD = { timeout: 20_000 };

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('root creates an HTTPS load balancer over a demo VM: a wrong key is refused, then it becomes active at its address', async ({
  page,
}) => {
  const name = `shop-e2e-${Date.now().toString(36)}`;
  const host = `${name}.example.com`;
  const good = certificateFiles(dir, host, 'good');
  const other = certificateFiles(dir, host, 'other');
  const notPem = path.join(dir, 'notes.txt');
  writeFileSync(notPem, 'not a key\n');

  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/balancer');
  await expect(page.getByRole('heading', { name: 'Load balancers', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Create load balancer' }).click();
  await expect(page).toHaveURL(/#\/createBalancer$/);

  const form = page.getByTestId('balancer-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // The protocols follow the type; HTTPS moves the port to 443 and asks for the certificate.
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Network (TCP/UDP)' }).click();
  await form.getByRole('combobox', { name: 'Protocol' }).click();
  await expect(page.getByRole('option')).toHaveText(['TCP', 'UDP']);
  await page.keyboard.press('Escape');
  await expect(form.getByRole('textbox', { name: 'Host name' })).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Application (HTTP/HTTPS)' }).click();
  await form.getByRole('combobox', { name: 'Protocol' }).click();
  await page.getByRole('option', { name: 'HTTPS' }).click();
  await expect(form.getByRole('textbox', { name: 'Port' })).toHaveValue('443');
  await form.getByRole('textbox', { name: 'Host name' }).fill(host);

  // The VPC first, then VMs of that VPC.
  await expect(form.getByRole('combobox', { name: 'Target VMs' })).toHaveAttribute('aria-disabled', 'true');
  await form.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default / }).click();
  await form.getByRole('combobox', { name: 'Target VMs' }).click();
  await page.getByRole('option', { name: /^api-01/ }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByRole('combobox', { name: 'Target VMs' })).toHaveText('api-01');

  // Without files the form says what HTTPS needs; a file that is no key is refused as it is chosen.
  await page.getByTestId('balancer-save').click();
  await expect(page.getByTestId('lbCertificate-message')).toHaveText('This field cannot be empty.');
  await page.getByTestId('field-lbPrivateKey-file').setInputFiles(notPem);
  await expect(page.getByTestId('lbPrivateKey-file-name')).toHaveText('notes.txt');
  await expect(page.getByTestId('lbPrivateKey-message')).toHaveText(
    'Choose an unencrypted PEM private key file (-----BEGIN PRIVATE KEY-----).',
  );

  // A key of another certificate: the server refuses it, on the key's field.
  await page.getByTestId('field-lbCertificate-file').setInputFiles(good.certificate);
  await page.getByTestId('field-lbPrivateKey-file').setInputFiles(other.key);
  await expect(page.getByTestId('lbPrivateKey-file-name')).toHaveText('other.key');
  await page.getByTestId('balancer-save').click();
  await expect(page.getByTestId('lbPrivateKey-message')).toHaveText(
    'The private key does not belong to the certificate.',
  );
  await expect(page).toHaveURL(/#\/createBalancer$/);

  // Its own key: created, processing in the list, then active at its address, without a reload.
  await page.getByTestId('field-lbPrivateKey-file').setInputFiles(good.key);
  await page.getByTestId('balancer-save').click();
  await expect(page).toHaveURL(/#\/balancer$/);
  await markDocument(page);
  const row = page.getByTestId('balancer-table').getByTestId('resource-table-row').filter({ hasText: name });
  await expect(row).toContainText('HTTPS:443');
  await expect(row).toContainText('1 VM');
  const statusId = await row.getByTestId(/^balancer-status-/).getAttribute('data-testid');
  const uuid = statusId!.slice('balancer-status-'.length);
  const status = row.getByTestId(statusId!);
  await expect(status).toHaveText('Active', CLOUD);
  await expect(row.getByTestId(`balancer-address-${uuid}`)).toHaveText(/^\d+\.\d+\.\d+\.\d+$/);
  const expiry = row.getByTestId(`balancer-expiry-${uuid}`);
  await expect(expiry).toHaveAttribute('data-state', 'valid');
  expect(await sameDocument(page)).toBe(true);

  // Its edit page keeps the certificate unless new files come, and never shows the key.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/editBalancer/${uuid}$`));
  await expect(page.getByTestId('balancer-current-certificate')).toContainText(`CN=${host}`);
  await expect(page.getByTestId('lbPrivateKey-file-name')).toHaveText('No file chosen');
});
