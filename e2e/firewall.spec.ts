import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// programming a firewall takes 0.3-0.8 s, attaching one 0.2-0.5 s; pages poll every 2 s. This
// journey works on a firewall of its own and the demo VM win-reporting, which no other uses.
const CLOUD = { timeout: 20_000 };
const PORT_MESSAGE = 'For TCP or UDP, enter a single port from 1 to 65535, not a range.';

const bearer = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authorization'))}`,
});

/** Choose an option of a select of the form (within `scope`), by its label and the option's text. */
async function choose(
  page: Page,
  scope: ReturnType<Page['getByTestId']> | Page,
  label: RegExp,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

test('root creates a firewall with rules (a bad port refused by the form and by the server), edits it and attaches it to a VM', async ({
  page,
}) => {
  const name = `e2e-fw-${Date.now().toString(36)}`;
  await open(page, '/login');
  await signInDemoRoot(page);

  // The form: a TCP port range is refused on its own cell; nothing is sent.
  await page.goto('/#/createFirewall');
  await page.getByTestId('field-name').fill(name);
  await choose(page, page, /VPC/, 'default · 10.0.0.0/16');
  await page.getByTestId('firewall-rule-add').click();
  const first = page.getByTestId('firewall-rule-0');
  await first.getByTestId('field-rules.0.fwrPort').fill('80-443');
  await first.getByTestId('field-rules.0.cidrDest').fill('0.0.0.0/0');
  await first.getByTestId('field-rules.0.remark').fill('HTTPS');
  await page.getByTestId('firewall-save').click();
  await expect(first).toContainText(PORT_MESSAGE);
  await expect(page).toHaveURL(/#\/createFirewall$/);

  // ICMP fixes the port at -1; the destination's example follows IPv6.
  await first.getByTestId('field-rules.0.fwrPort').fill('443');
  await page.getByTestId('firewall-rule-add').click();
  const second = page.getByTestId('firewall-rule-1');
  await choose(page, second, /Protocol/, 'ICMP');
  await expect(second.getByTestId('field-rules.1.fwrPort')).toHaveValue('-1');
  await choose(page, second, /IP version/, 'IPv6');
  await expect(second.getByTestId('field-rules.1.cidrDest')).toHaveAttribute('placeholder', /::\/0/);
  await second.getByTestId('field-rules.1.cidrDest').fill('2001:db8::/32');
  await page.getByTestId('firewall-save').click();

  // The list: updating until the cloud has programmed it, then editable.
  await expect(page).toHaveURL(/#\/firewall$/);
  const row = page
    .getByTestId('firewall-table')
    .getByTestId('resource-table-row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('Editable', CLOUD);
  await expect(row).toContainText('2');
  const link = row.getByRole('link', { name, exact: true });
  const id = (await link.getAttribute('href'))!.split('/').pop()!;

  // The server refuses a bad port too, whatever sends it.
  const headers = await bearer(page);
  const bad = await page.request.patch(`/api/firewalls/${id}`, {
    headers,
    data: {
      rules: [
        { fwrDirection: 1, fwrIpVer: 1, fwrType: 0, fwrPort: '22', cidrDest: '0.0.0.0/0', fwrOperate: 0 },
      ],
    },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toContainEqual({
    path: 'rules.0.fwrPort',
    message: 'validation.firewallPort.all',
  });

  // Edit: a request altered on its way (the form passed it) comes back refused on its cell.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/editFirewall/${id}$`));
  const edited = page.getByTestId('firewall-rule-0');
  await expect(edited.getByTestId('field-rules.0.fwrPort')).toHaveValue('443');
  await page.getByTestId('field-name').fill(`${name}-web`);
  await edited.getByTestId('field-rules.0.fwrPort').fill('8443');
  await page.route(`**/api/firewalls/${id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const body = route.request().postDataJSON() as { rules: { fwrPort: string }[] };
    body.rules[0]!.fwrPort = '70000';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByTestId('firewall-save').click();
  await expect(edited).toContainText(PORT_MESSAGE);
  await page.unroute(`**/api/firewalls/${id}`);
  await page.getByTestId('firewall-save').click();
  await expect(page).toHaveURL(/#\/firewall$/);
  const renamed = page
    .getByTestId('firewall-table')
    .getByTestId('resource-table-row')
    .filter({ has: page.getByRole('link', { name: `${name}-web`, exact: true }) });
  await expect(renamed).toContainText('Editable', CLOUD);

  // Attach it to win-reporting on the VM's security tab; its rules show there.
  const res = await page.request.get('/api/vms?search=win-reporting', { headers });
  const vm = (
    (await res.json()) as { data: { records: { uuid: string; name: string }[] } }
  ).data.records.find((v) => v.name === 'win-reporting')!;
  await page.goto(`/#/vmSetting/${vm.uuid}?tab=security`);
  await expect(page.getByTestId('vm-firewalls')).toBeVisible();
  await page.getByTestId('vm-firewall-attach').click();
  await page.getByTestId('vm-firewall-attach-dialog').getByRole('combobox').click();
  await page.getByTestId(`vm-firewall-option-${id}`).click();
  await page.getByTestId('vm-firewall-attach-confirm').click();
  const card = page.getByTestId(`vm-firewall-${id}`);
  await expect(card).toBeVisible(CLOUD);
  await expect(card.getByTestId(`vm-firewall-rules-${id}`)).toContainText('8443');
  await expect(card).toContainText('2001:db8::/32');

  // And detach it again (the VM keeps its other firewalls).
  await card.getByTestId(`vm-firewall-detach-${id}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(card).toHaveCount(0, CLOUD);
  await expect(page.getByTestId('vm-firewalls')).toContainText('windows-rdp');
});
