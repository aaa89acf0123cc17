import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DEMO, open, signInDemoRoot } from './support/portal';
import { expect, libvirtMissing, test, virsh } from './support/libvirt';

// Real guests: the small image boots under QEMU's emulation in about 3 s, and every step of the
// portal's (a launch, a stop, a disk, a snapshot) takes seconds. Waits allow for a loaded host.
const HOST = { timeout: 60_000 };
/** Where the journey leaves its pictures of the console and the CPU chart. */
const SHOTS = process.env.LIBVIRT_SHOTS_DIR ?? '/tmp/libvirt-journey-shots';

const missing = libvirtMissing();
if (missing) console.log(`libvirt journey skipped: ${missing}`);
test.skip(missing !== null, missing ?? '');

/** The web console of the VM's page: what a user types and what the guest answers. */
function webConsole(page: Page) {
  const terminal = page.getByTestId('vm-console-terminal');
  return {
    terminal,
    /** Opens the tab and waits for the guest's shell prompt (Enter until it shows). */
    async open(prompt: string) {
      await page.getByTestId('vm-tab-web').click();
      await expect(page.getByTestId('vm-console-state')).toHaveAttribute('data-phase', 'connected');
      await terminal.click();
      await expect(async () => {
        await page.keyboard.press('Enter');
        await expect(terminal).toContainText(prompt, { timeout: 2_000 });
      }).toPass(HOST);
    },
    /** Types a line and Enter. */
    async type(line: string) {
      await terminal.click();
      await page.keyboard.type(line);
      await page.keyboard.press('Enter');
    },
  };
}

/**
 * How far the chart's line climbs from its lowest point to its last, as a share of the chart's
 * height (its grid spans 0 to 100 %), both in the SVG's units; the points are among the path's
 * coordinates.
 */
async function climb(chart: Locator): Promise<number> {
  const line = chart.locator('.MuiLineChart-line');
  if ((await line.count()) !== 1) return NaN;
  const d = (await line.getAttribute('d')) ?? '';
  const ys = [...d.matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((m) => Number(m[1]));
  const grid = await chart
    .locator('.MuiChartsGrid-line')
    .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('y1'))));
  if (ys.length < 2 || grid.length < 2) return NaN;
  // SVG's y grows downwards: the lowest figure has the largest y.
  return (Math.max(...ys) - ys.at(-1)!) / (Math.max(...grid) - Math.min(...grid));
}

const MINUTE = 60_000;

test('a VM on libvirt: its console, a busy CPU on its chart, a new disk in the guest, a snapshot, deleted, nothing left', async ({
  page,
  libvirt,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const started = Date.now();
  const stamp = Date.now().toString(36);
  const name = `lv-${stamp}`;
  const diskName = `lv-data-${stamp}`;
  const laps: string[] = [];
  let lapFrom = started;
  /** The time since the last lap, printed at the end: which step grew on a slow host. */
  const lap = (step: string) => {
    laps.push(`${step} ${((Date.now() - lapFrom) / 1000).toFixed(1)} s`);
    lapFrom = Date.now();
  };

  // 1. The demo customer (on a real cloud only its default network is seeded) creates a VM.
  await open(page, '/login');
  await signInDemoRoot(page);
  await page.goto('/#/createVM');
  const form = page.getByTestId('vm-create-form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Operating system' }).click();
  await page.getByRole('option', { name: 'Debian', exact: true }).click();
  await form.getByRole('combobox', { name: 'VPC' }).click();
  await page.getByRole('option', { name: /^default / }).click();
  await page.getByTestId('vm-save').click();

  // 2. Its page: launching, then running once libvirt runs the guest, as the page polls.
  await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop()!;
  const status = page.getByTestId('vm-detail').getByTestId(`vm-status-${uuid}`);
  await expect(status).toHaveText('Running', HOST);
  expect((await virsh.run(['domstate', uuid])).trim()).toBe('running');
  // On its VPC's network, which goes with the VM's deletion, the VPC's last.
  const network = /\bvpc-[0-9a-f-]{36}\b/.exec(await virsh.run(['domiflist', uuid]))?.[0];
  expect(network).toBeDefined();
  lap('running');

  // 3. Its web console: the guest's own kernel answers.
  const guest = webConsole(page);
  await guest.open(`${name}:/# `);
  await guest.type('uname -r');
  await expect(guest.terminal).toContainText(/\d+\.\d+\.\d+-\d+-cloud-amd64/, HOST);
  await page.screenshot({ path: `${SHOTS}/1-console-uname.png` });
  lap('console');

  // Its monitoring tab: the newest sample (one comes every 5 s) reads it idle.
  const monitor = page.getByTestId('vm-metrics');
  const openMonitor = async () => {
    await page.getByTestId('vm-tab-monitor').click();
    await monitor.getByTestId('metric-window-15m').click();
  };
  const cpuNow = monitor.getByTestId('metric-now-cpuPct');
  /** The newest sample's CPU figure; none until the guest has run for two samples. */
  const cpu = async () =>
    (await cpuNow.count()) ? Number((await cpuNow.getAttribute('data-value')) ?? NaN) : NaN;
  await openMonitor();
  // The figure each poll read (a later read could come from the other window's cached answer).
  let idle = NaN;
  await expect.poll(async () => (idle = await cpu()), HOST).toBeLessThan(10);
  const nextMinute = Math.ceil(Date.now() / MINUTE) * MINUTE;
  lap('idle');

  // 4. A new disk from the disk form; the VM stopped, the disk attached from its storage tab.
  await page.goto('/#/createDisk');
  const diskForm = page.getByTestId('disk-create-form');
  await diskForm.getByRole('textbox', { name: 'Name', exact: true }).fill(diskName);
  await diskForm.getByRole('textbox', { name: 'Size (GB)' }).fill('10');
  await page.getByTestId('disk-save').click();
  await expect(page).toHaveURL(/#\/diskList/);
  const diskRow = page.getByTestId('disk-table').getByRole('row').filter({ hasText: diskName });
  await expect(diskRow).toContainText('Available', HOST);
  await page.goto(`/#/vmSetting/${uuid}`);
  await page.getByTestId(`vm-stop-${uuid}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(status).toHaveText('Stopped', HOST);
  expect((await virsh.run(['domstate', uuid])).trim()).toBe('shut off');
  await page.getByRole('tab', { name: 'Storage' }).click();
  const storage = page.getByRole('tabpanel');
  await storage.getByTestId('disk-attach').click();
  const attach = page.getByTestId('disk-attach-dialog');
  await attach.getByRole('combobox', { name: 'Disk' }).click();
  await page.getByRole('option', { name: new RegExp(`^${diskName} · 10 GB$`) }).click();
  await page.getByTestId('disk-attach-dialog-submit').click();
  await expect(attach).toBeHidden();
  await expect(storage.getByRole('row').filter({ hasText: diskName })).toContainText('In use', HOST);
  expect(await virsh.run(['domblklist', uuid])).toMatch(/\bvdb\b/);
  lap('disk');

  // Started again from its page: the guest sees the new disk as vdb in its console.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByTestId(`vm-start-${uuid}`).click();
  await expect(status).toHaveText('Running', HOST);
  await guest.open(`${name}:/# `);
  await guest.type('cat /proc/partitions');
  await expect(guest.terminal.locator('.xterm-rows > div').filter({ hasText: /\bvdb$/ })).toHaveCount(
    1,
    HOST,
  );
  // A busy loop in the background, in a later minute than the idle sample (the chart's points
  // are minutes, so its line climbs from the one to the other).
  await page.waitForTimeout(Math.max(0, nextMinute + 500 - Date.now()));
  await guest.type('while :; do :; done &');
  await expect(guest.terminal).toContainText('while :; do :; done &');
  await page.screenshot({ path: `${SHOTS}/2-console-partitions.png` });
  lap('vdb');

  // 5. A snapshot of the running VM's two disks (QEMU copies them while the guest runs, busy),
  // taken from its page: completed in the list.
  await page.getByTestId(`vm-snapshot-${uuid}`).click();
  await expect(page).toHaveURL(new RegExp(`#/createSnapshot\\?vm=${uuid}$`));
  await page.getByTestId('snapshot-save').click();
  await expect(page).toHaveURL(/#\/snapshot$/);
  const snapshotRow = page
    .getByTestId('snapshot-table')
    .getByTestId('resource-table-row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(snapshotRow.getByTestId(/^snapshot-status-/)).toHaveText('Completed', HOST);
  await expect(snapshotRow).toContainText('60 GB');
  expect((await virsh.run(['domstate', uuid])).trim()).toBe('running');
  lap('snapshot');

  await snapshotRow.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/vmSetting/${uuid}$`));
  await expect(status).toHaveText('Running');

  // 6. With the busy loop, the CPU figure and the chart rise: one of two vCPUs busy is half the
  // VM's CPU, less what a loaded host takes from QEMU.
  await openMonitor();
  let busy = NaN;
  await expect.poll(async () => (busy = await cpu()), HOST).toBeGreaterThanOrEqual(20);
  const chart = monitor.getByTestId('metric-chart-cpu');
  await expect.poll(() => climb(chart), HOST).toBeGreaterThanOrEqual(0.15);
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/3-cpu-chart.png` });
  lap('cpu');

  // 7. Stopped; its snapshot, then the VM with its data disk deleted: nothing left in libvirt.
  await page.getByTestId(`vm-stop-${uuid}`).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(status).toHaveText('Stopped', HOST);
  await page.goto('/#/snapshot');
  await snapshotRow.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByTestId('password-confirm-dialog');
  await confirm.getByTestId('password-confirm-input').fill(DEMO.password);
  await confirm.getByTestId('password-confirm-submit').click();
  await expect(snapshotRow).toHaveCount(0, HOST);
  await page.goto(`/#/vmSetting/${uuid}`);
  await page.getByTestId(`vm-delete-${uuid}`).click();
  const dialog = page.getByTestId('vm-delete-dialog');
  await dialog.getByRole('checkbox', { name: /Also delete the data volumes \(1\)/ }).check();
  await dialog.getByLabel('Password').fill(DEMO.password);
  await page.getByTestId('vm-delete-submit').click();
  await expect(dialog).toBeHidden();
  // The customer's only VM and disks (on libvirt the demo has no fleet): the lists are empty once
  // the cloud has deleted them, as they poll.
  await page.goto('/#/vmSetting');
  await expect(page.getByText('No VMs yet')).toBeVisible(HOST);
  await page.goto('/#/diskList');
  await expect(page.getByText('No disks yet')).toBeVisible(HOST);

  expect(await virsh.run(['list', '--all', '--name'])).not.toContain(uuid);
  expect((await virsh.run(['vol-list', libvirt.pool])).split('\n').slice(2).join('').trim()).toBe('');
  expect(await virsh.run(['net-list', '--all', '--name'])).not.toContain(network!);
  lap('deleted');
  console.log(
    `libvirt journey: ${((Date.now() - started) / 1000).toFixed(1)} s (${laps.join(', ')}); ` +
      `CPU ${idle} % idle, ${busy} % busy`,
  );
});
