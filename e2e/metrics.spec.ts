import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

// On the network portal, which samples every 5 s (METRIC_SAMPLE_SECONDS): the demo's running VMs
// start with a day of history, so the chart has data at once; a `stress` typed in the VM's web
// console shows as CPU near full within a sample or two. db-replica is no other journey's; the
// stress ends by itself after two minutes, so a retry finds the VM as a first run does.
test('a VM’s CPU chart shows its history, and a stress typed in its console shows at once', async ({
  page,
}) => {
  await open(page, '/login');
  await signInDemoRoot(page);
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const res = await page.request.get('/api/metrics/vms?search=db-replica', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await res.json()) as { data: { records: { uuid: string; name: string }[] } };
  const vm = data.records.find((r) => r.name === 'db-replica')!;

  // The monitor tab: the newest sample's figures and the charts, with points.
  await page.goto(`/#/vmSetting/${vm.uuid}?tab=monitor`);
  const panel = page.getByTestId('vm-metrics');
  await expect(panel.getByTestId('metric-chart-cpu')).toBeVisible();
  expect(Number(await panel.getByTestId('metric-chart-cpu').getAttribute('data-points'))).toBeGreaterThan(10);
  await expect(panel.getByTestId('metric-chart-cpu').locator('.MuiLineChart-line')).toHaveCount(1);
  await expect(panel.getByTestId('metric-now-cpuPct')).toContainText('%');

  // Load: stress in the serial console (root, any password).
  await page.getByTestId('vm-tab-web').click();
  await expect(page.getByTestId('vm-console-state')).toHaveAttribute('data-phase', 'connected');
  const terminal = page.getByTestId('vm-console-terminal');
  await expect(terminal).toContainText('db-replica login:');
  await terminal.click();
  await page.keyboard.type('root\n');
  await expect(terminal).toContainText('Password:');
  await page.keyboard.type('anything\n');
  await expect(terminal).toContainText('root@db-replica:~#');
  await page.keyboard.type('stress --timeout 120s\n');
  await expect(terminal).toContainText('dispatching hogs: 8 cpu');

  // Back on the monitor tab, the next samples read near full: the page asks again as often.
  await page.getByTestId('vm-tab-monitor').click();
  const cpuNow = page.getByTestId('vm-metrics').getByTestId('metric-now-cpuPct');
  await expect
    .poll(async () => Number(await cpuNow.getAttribute('data-value')), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(90);

  // The monitoring page of the VM, from the tab, over 15 minutes.
  await page.getByTestId('vm-monitor-more').click();
  await expect(page).toHaveURL(new RegExp(`#/singleVM/${vm.uuid}`));
  await expect(page.getByRole('heading', { name: 'Monitoring: db-replica' })).toBeVisible();
  await page.getByTestId('metric-window-15m').click();
  await expect(page).toHaveURL(/window=15m/);
  await expect(page.getByTestId('metric-now-cpuPct')).toHaveAttribute('data-value', /^(9\d|100)(\.\d+)?$/);
  await expect(page.getByTestId('metric-chart-cpu')).toBeVisible();
});
