import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

// The portal under test runs the simulated cloud at a tenth of real time (portals.ts):
// a VPC is made, or its routes programmed, in a few seconds; the page asks again every 2 s while
// the VPC is busy. Waits for the cloud allow for the job queue and a slow machine.
const CLOUD = { timeout: 20_000 };

/** Marks the document; the mark is gone if the page was reloaded since. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __journey: boolean }).__journey = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __journey?: boolean }).__journey === true);

test('root creates a VPC, sees it become available, adds a manual route and opens its map', async ({
  page,
}) => {
  // A range of its own on every run (a retry on the same portal must not meet VPC_ALREADY_EXISTS).
  const second = 30 + Math.floor(Math.random() * 200);
  const cidr = `10.${second}.0.0/16`;
  const name = `e2e-vpc-${Date.now().toString(36)}`;
  await open(page, '/login');
  await signInDemoRoot(page);

  // The create form checks the range itself: a host address is not a network's.
  await page.goto('/#/createVPCNets');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('IPv4 range').fill(`10.${second}.0.1/16`);
  await page.getByLabel('Bandwidth').fill('501');
  await page.getByTestId('vpc-save').click();
  await expect(page.getByText('Enter a whole number from 1 to 500.')).toBeVisible();
  await expect(page.getByText(/Enter a private network address/)).toBeVisible();
  await page.getByLabel('IPv4 range').fill(cidr);
  await page.getByLabel('Bandwidth').fill('200');
  await page.getByTestId('vpc-save').click();

  // The new VPC's page: processing, IPv6 pending, then available with its IPv6, without a reload.
  await expect(page).toHaveURL(/#\/vpcNets\/[0-9a-f-]{36}$/);
  await markDocument(page);
  const netUuid = /vpcNets\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const status = page.getByTestId(`vpc-status-${netUuid}`);
  await expect(status).toHaveText('Available', CLOUD);
  await expect(page.getByText(/^2001:db8:/)).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  // Its route table: the local route is there and fixed; a bad next hop is refused in the form.
  await page.getByTestId(`vpc-routes-${netUuid}`).click();
  await expect(page.getByTestId('vpc-route-local')).toContainText(cidr);
  await page.getByTestId('vpc-route-add').click();
  const route = page.getByTestId('vpc-route-0');
  await route.getByLabel('Destination').fill('192.168.77.0/24');
  await route.getByLabel('Next hop (IPv4)').fill('gateway.local');
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/routes')) saves.push(r.url());
  });
  await page.getByTestId('vpc-routes-save').click();
  await expect(route.getByText('Enter a valid IPv4 address.')).toBeVisible();
  expect(saves).toEqual([]);
  // A next hop outside the VPC is refused too; one inside it is taken.
  await route.getByLabel('Next hop (IPv4)').fill('172.16.0.1');
  await page.getByTestId('vpc-routes-save').click();
  await expect(route.getByText('The next hop must be an address inside the VPC’s range.')).toBeVisible();
  await route.getByLabel('Next hop (IPv4)').fill(`10.${second}.0.10`);
  await page.getByTestId('vpc-routes-save').click();
  await expect(page.getByTestId('vpc-routes-busy')).toBeVisible();
  await expect(page.getByTestId('vpc-routes-busy')).toBeHidden(CLOUD);
  await expect(route.getByLabel('Next hop (IPv4)')).toHaveValue(`10.${second}.0.10`);

  // The map: the VPC with its range, and the route as an arrow out of it.
  await page.goto(`/#/vpcNets/${netUuid}?tab=map`);
  const map = page.getByTestId('vpc-map-svg');
  await expect(map).toContainText(cidr);
  await expect(page.getByTestId('vpc-map-route-0')).toContainText('192.168.77.0/24');
  await expect(page.getByTestId('vpc-map-route-0')).toContainText(`Next hop 10.${second}.0.10`);
  await expect(map).toContainText('No VMs in this VPC yet.');
});
