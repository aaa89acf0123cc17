import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';
import { certificateFiles } from './support/certificates';

// The private network as a new customer builds it, one resource on the next: a VPC of its own, a
// firewall in it, a VM behind that firewall, an HTTPS load balancer over the VM, a route out of
// the VPC, and the VPC's map with all of them drawn. The simulated cloud runs at a tenth of real
// time (portals.ts): a VPC, a firewall, a balancer or a route table is programmed in a
// few seconds, a launch takes 2.5-4.5 s; the pages ask again every 2 s while something is busy.
const CLOUD = { timeout: 20_000 };
const PORT_MESSAGE = 'For TCP or UDP, enter a single port from 1 to 65535, not a range.';

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

/** The signed-in user's API token, to ask the server beside what the page does. */
const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

const tableRows = (page: Page, table: string) => page.getByTestId(table).getByTestId('resource-table-row');

/** The list row whose name link is exactly `name`. */
const rowNamed = (page: Page, table: string, name: string) =>
  tableRows(page, table).filter({ has: page.getByRole('link', { name, exact: true }) });

/** A row's cell under a column, found by the column's header. */
async function cellUnder(page: Page, table: string, row: Locator, header: string) {
  await expect(row).toBeVisible();
  const headers = (await page.getByTestId(table).getByRole('columnheader').allTextContents()).map((h) =>
    h.trim(),
  );
  expect(headers).toContain(header);
  return row.getByRole('cell').nth(headers.indexOf(header));
}

/** Choose an option of a select (within `scope`) by its label and the option's text. */
async function choose(page: Page, scope: Locator | Page, label: RegExp | string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
}

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'networks-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a new private network: VPC, firewall, VM behind it, HTTPS load balancer, a route and the map', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Names and a range of their own on every run: a retry on the same portal must not meet its
  // first try's VPC (VPC_ALREADY_EXISTS). 10.230-254 is clear of the demo's 10.0 and 10.20 and of
  // the 10.30-229 that vpc.spec.ts draws from.
  const stamp = Date.now().toString(36);
  const second = 230 + Math.floor(Math.random() * 25);
  const cidr = `10.${second}.0.0/16`;
  const vpcName = `net-${stamp}`;
  const fwName = `net-fw-${stamp}`;
  const vmName = `net-vm-${stamp}`;
  const lbName = `net-lb-${stamp}`;
  const host = `${lbName}.example.com`;
  const files = certificateFiles(dir, host);

  await open(page, '/login');
  await signInDemoRoot(page);

  let netUuid = '';
  await test.step('a VPC of its own range becomes available without a reload', async () => {
    await page.goto('/#/vpcNets');
    await page.getByRole('link', { name: 'Create VPC' }).click();
    await expect(page).toHaveURL(/#\/createVPCNets$/);
    // Scoped to the form: the list's search box stays on screen until the form's page has loaded.
    const form = page.getByTestId('vpc-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(vpcName);
    await form.getByRole('textbox', { name: 'IPv4 range' }).fill(cidr);
    await page.getByTestId('vpc-save').click();

    await expect(page).toHaveURL(/#\/vpcNets\/[0-9a-f-]{36}$/);
    await markDocument(page);
    netUuid = /vpcNets\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { name: vpcName, level: 1 })).toBeVisible();
    await expect(page.getByTestId('field-cidrIpv4')).toContainText(cidr);
    const status = page.getByTestId(`vpc-status-${netUuid}`);
    await expect(status).toHaveText('Available', CLOUD);
    await expect(page.getByText(/^2001:db8:/)).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  let fwUuid = '';
  await test.step('a firewall in it: a bad port is refused by the form and by the server, then it is editable', async () => {
    await page.goto('/#/firewall');
    await page.getByRole('link', { name: 'Create firewall' }).click();
    await expect(page).toHaveURL(/#\/createFirewall$/);
    const form = page.getByTestId('firewall-form');
    await form.getByTestId('field-name').fill(fwName);
    await choose(page, form, /VPC/, `${vpcName} · ${cidr}`);

    const https = page.getByTestId('firewall-rule-0');
    await page.getByTestId('firewall-rule-add').click();
    await expect(https.getByRole('combobox', { name: /Protocol/ })).toHaveText('TCP');
    await expect(https.getByRole('combobox', { name: /Direction/ })).toHaveText('Inbound');
    await https.getByTestId('field-rules.0.fwrPort').fill('443');
    await https.getByTestId('field-rules.0.cidrDest').fill('0.0.0.0/0');
    await https.getByTestId('field-rules.0.remark').fill('HTTPS');
    const ssh = page.getByTestId('firewall-rule-1');
    await page.getByTestId('firewall-rule-add').click();
    await ssh.getByTestId('field-rules.1.fwrPort').fill('70000');
    await ssh.getByTestId('field-rules.1.cidrDest').fill('203.0.113.0/24');
    await ssh.getByTestId('field-rules.1.remark').fill('SSH from the office');

    // Refused on its own cell; nothing is sent.
    const creates: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/firewalls')) creates.push(r.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('firewall-save').click();
    await expect(ssh).toContainText(PORT_MESSAGE);
    await expect(ssh.getByTestId('field-rules.1.fwrPort')).toHaveAttribute('aria-invalid', 'true');
    await expect(https).not.toContainText(PORT_MESSAGE);
    await expect(page).toHaveURL(/#\/createFirewall$/);
    expect(creates).toEqual([]);
    page.off('request', onRequest);

    // The server refuses the same rule on its own, on the same field, and makes nothing.
    const headers = await bearer(page);
    const refused = await page.request.post('/api/firewalls', {
      headers,
      data: {
        name: fwName,
        vpcUuid: netUuid,
        rules: [
          {
            fwrDirection: 1,
            fwrIpVer: 1,
            fwrType: 1,
            fwrPort: '70000',
            cidrDest: '0.0.0.0/0',
            fwrOperate: 0,
          },
        ],
      },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toContainEqual({
      path: 'rules.0.fwrPort',
      message: 'validation.firewallPort.tcpUdp',
    });
    const listed = await page.request.get(`/api/firewalls?search=${fwName}`, { headers });
    expect(((await listed.json()) as { data: { total: number } }).data.total).toBe(0);

    // Fixed: created, updating until the cloud has it, then editable, in its VPC with its 2 rules.
    await ssh.getByTestId('field-rules.1.fwrPort').fill('22');
    await expect(ssh).not.toContainText(PORT_MESSAGE);
    await page.getByTestId('firewall-save').click();
    await expect(page).toHaveURL(/#\/firewall$/);
    await markDocument(page);
    const row = rowNamed(page, 'firewall-table', fwName);
    await expect(row).toContainText(vpcName);
    await expect(row).toContainText('Editable', CLOUD);
    await expect(await cellUnder(page, 'firewall-table', row, 'Rules')).toHaveText('2');
    await expect(await cellUnder(page, 'firewall-table', row, 'VMs')).toHaveText('0');
    expect(await sameDocument(page)).toBe(true);
    const link = row.getByRole('link', { name: fwName, exact: true });
    fwUuid = (await link.getAttribute('href'))!.split('/').pop()!;

    // Its edit page holds the two rules as typed.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/editFirewall/${fwUuid}$`));
    await expect(page.getByTestId('field-rules.0.fwrPort')).toHaveValue('443');
    await expect(page.getByTestId('field-rules.1.fwrPort')).toHaveValue('22');
    await expect(page.getByTestId('field-rules.1.cidrDest')).toHaveValue('203.0.113.0/24');
    await expect(page.getByTestId('firewall-form-blocked')).toHaveCount(0);
  });

  let vmUuid = '';
  let vmIp = '';
  await test.step('a VM in the VPC behind the firewall launches and runs without a reload', async () => {
    await page.goto('/#/vmSetting');
    await page.getByTestId('vm-create').click();
    await expect(page).toHaveURL(/#\/createVM$/);
    const form = page.getByTestId('vm-create-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(vmName);
    await choose(page, form, 'Operating system', 'Ubuntu');
    await expect(form.getByRole('combobox', { name: 'Version' })).toHaveText('24.04 LTS');
    await expect(form.getByText('Choose a VPC to see its firewalls.')).toBeVisible();
    await choose(page, form, 'VPC', `${vpcName} (${cidr})`);
    // Only the chosen VPC's firewalls are offered: ours, and none of the default VPC's.
    const firewalls = page.getByTestId('field-firewallUuids');
    await expect(firewalls.getByRole('checkbox')).toHaveCount(1);
    const guard = firewalls.getByRole('checkbox', { name: `${fwName} · Editable` });
    await expect(guard).toBeEnabled();
    await guard.check();
    await expect(page.getByTestId('vm-price-total')).toHaveText(/^NT\$ [\d,.]+ \/ month$/);
    await page.getByTestId('vm-save').click();

    await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);
    vmUuid = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: vmName, level: 1 })).toBeVisible();
    await markDocument(page);
    const status = page.getByTestId('vm-detail').getByTestId(`vm-status-${vmUuid}`);
    await expect(status).toHaveText('Launching');
    await expect(status).toHaveText('Running', CLOUD);
    await expect(status).not.toHaveAttribute('data-busy');
    await expect(page.getByTestId('field-vpc')).toContainText(vpcName);
    // Its private address is in the VPC's range.
    const privateIp = page.getByTestId('field-privateIP');
    await expect(privateIp).toContainText(new RegExp(`10\\.${second}\\.\\d+\\.\\d+`));
    vmIp = new RegExp(`10\\.${second}\\.\\d+\\.\\d+`).exec((await privateIp.textContent())!)![0];
    expect(await sameDocument(page)).toBe(true);

    // Its security tab: behind the firewall, whose two rules show.
    await page.getByRole('tab', { name: 'Security' }).click();
    const card = page.getByTestId(`vm-firewall-${fwUuid}`);
    await expect(card).toContainText(fwName);
    const rules = card.getByTestId(`vm-firewall-rules-${fwUuid}`).locator('tbody').getByRole('row');
    await expect(rules).toHaveCount(2);
    await expect(rules.nth(0).getByRole('cell')).toHaveText([
      'Inbound',
      'IPv4',
      'TCP',
      '443',
      '0.0.0.0/0',
      'Allow',
      'HTTPS',
    ]);
    await expect(rules.nth(1).getByRole('cell')).toHaveText([
      'Inbound',
      'IPv4',
      'TCP',
      '22',
      '203.0.113.0/24',
      'Allow',
      'SSH from the office',
    ]);

    // The launch over, the firewall list (seen a moment ago, still cached) counts the VM and the
    // firewall is editable again.
    const menuLink = page.getByTestId('sidebar-link-firewall');
    if (!(await menuLink.isVisible())) await page.getByTestId('sidebar-group-network').click();
    await menuLink.click();
    await expect(page).toHaveURL(/#\/firewall$/);
    const row = rowNamed(page, 'firewall-table', fwName);
    await expect(await cellUnder(page, 'firewall-table', row, 'VMs')).toHaveText('1');
    await expect(await cellUnder(page, 'firewall-table', row, 'Rules')).toHaveText('2');
    await expect(row).toContainText('Editable', CLOUD);
  });

  let lbUuid = '';
  await test.step('an HTTPS load balancer over the VM becomes active at its address', async () => {
    await page.goto('/#/balancer');
    await page.getByRole('link', { name: 'Create load balancer' }).click();
    await expect(page).toHaveURL(/#\/createBalancer$/);
    const form = page.getByTestId('balancer-form');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(lbName);
    await choose(page, form, 'Protocol', 'HTTPS');
    await expect(form.getByRole('textbox', { name: 'Port' })).toHaveValue('443');
    await form.getByRole('textbox', { name: 'Host name' }).fill(host);
    await choose(page, form, 'VPC', `${vpcName} (${cidr})`);
    // The VPC's VMs only: ours is the one.
    await form.getByRole('combobox', { name: 'Target VMs' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await page.getByRole('option', { name: new RegExp(`^${vmName}`) }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('combobox', { name: 'Target VMs' })).toHaveText(vmName);
    await page.getByTestId('field-lbCertificate-file').setInputFiles(files.certificate);
    await page.getByTestId('field-lbPrivateKey-file').setInputFiles(files.key);
    await expect(page.getByTestId('lbPrivateKey-file-name')).toHaveText('shop.key');
    await page.getByTestId('balancer-save').click();

    await expect(page).toHaveURL(/#\/balancer$/);
    await markDocument(page);
    const row = tableRows(page, 'balancer-table').filter({ hasText: lbName });
    await expect(row).toContainText('HTTPS:443');
    await expect(row).toContainText('1 VM');
    await expect(row).toContainText(vpcName);
    const statusId = await row.getByTestId(/^balancer-status-/).getAttribute('data-testid');
    lbUuid = statusId!.slice('balancer-status-'.length);
    await expect(row.getByTestId(statusId!)).toHaveText('Active', CLOUD);
    await expect(row.getByTestId(`balancer-address-${lbUuid}`)).toHaveText(/^\d+\.\d+\.\d+\.\d+$/);
    await expect(row.getByTestId(`balancer-expiry-${lbUuid}`)).toHaveAttribute('data-state', 'valid');
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('a manual route through the VM is programmed and kept in the route table', async () => {
    await page.goto(`/#/vpcNets/${netUuid}`);
    await page.getByTestId(`vpc-routes-${netUuid}`).click();
    await expect(page).toHaveURL(new RegExp(`#/editNetRoute/${netUuid}$`));
    await expect(page.getByRole('heading', { name: `Route table of ${vpcName}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId('vpc-route-local')).toContainText(cidr);
    await expect(page.getByText('No other routes: traffic stays inside the VPC.')).toBeVisible();
    await page.getByTestId('vpc-route-add').click();
    const route = page.getByTestId('vpc-route-0');
    await route.getByLabel('Destination').fill('192.168.77.0/24');
    await route.getByLabel('Next hop (IPv4)').fill(vmIp);
    await page.getByTestId('vpc-routes-save').click();
    await expect(
      page
        .getByTestId('toast-success')
        .filter({ hasText: `The route table of ${vpcName} is being programmed.` }),
    ).toBeVisible();
    await expect(page.getByTestId('vpc-routes-busy')).toBeHidden(CLOUD);
    await expect(page.getByTestId('vpc-routes-failed')).toHaveCount(0);

    // What the server holds, after a reload: the local route, then ours.
    await page.reload();
    await expect(page.getByTestId('vpc-route-local')).toContainText(cidr);
    const kept = page.getByTestId('vpc-route-0');
    await expect(kept.getByLabel('Destination')).toHaveValue('192.168.77.0/24');
    await expect(kept.getByRole('combobox', { name: /Target type/ })).toHaveText('Manual');
    await expect(kept.getByLabel('Next hop (IPv4)')).toHaveValue(vmIp);
    await expect(page.getByTestId('vpc-route-1')).toHaveCount(0);
  });

  await test.step("the VPC's page counts what is in it, and its map draws the VM, the load balancer and the route", async () => {
    await page.goto(`/#/vpcNets/${netUuid}`);
    await expect(page.getByTestId(`vpc-status-${netUuid}`)).toHaveText('Available', CLOUD);
    await expect(page.getByTestId('field-vmNum')).toContainText('1');
    await expect(page.getByTestId('field-firewallNum')).toContainText('1');
    await expect(page.getByTestId('field-balancerNum')).toContainText('1');

    await page.getByRole('tab', { name: 'Map' }).click();
    await expect(page).toHaveURL(/\?tab=map$/);
    const map = page.getByTestId('vpc-map-svg');
    await expect(map).toHaveAttribute(
      'aria-label',
      `Map of VPC ${vpcName}: 1 subnets, 1 VMs, 1 load balancers, 1 routes out`,
    );
    await expect(map).toContainText(cidr);
    await expect(map).not.toContainText('No VMs in this VPC yet.');
    const vm = page.getByTestId(`vpc-map-vm-${vmUuid}`);
    await expect(vm).toContainText(vmName);
    await expect(vm).toContainText(vmIp);
    await expect(vm).toContainText('Running · 1 firewall');
    await expect(map).toContainText(`Guarded by ${fwName}`);
    const lb = page.getByTestId(`vpc-map-lb-${lbUuid}`);
    await expect(lb).toContainText(lbName);
    await expect(lb).toContainText('Load balancer · HTTPS:443 · 1 target');
    // The balancer's arrow into the VM's row.
    await expect(lb.locator('path')).toHaveCount(1);
    const route = page.getByTestId('vpc-map-route-0');
    await expect(route).toContainText('192.168.77.0/24');
    await expect(route).toContainText(`Next hop ${vmIp}`);
  });
});
