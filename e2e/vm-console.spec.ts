import { expect, test } from './support/test';
import { open, signInDemoRoot } from './support/portal';

// The simulated cloud's consoles take `root` with any password (the tab shows it). web-01 is a
// running VM of the demo fleet; the journey changes nothing, so a retry finds it as it was.
test('root opens a running VM’s web console, logs in, runs hostname, copies and pastes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/login');
  await signInDemoRoot(page);
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const res = await page.request.get('/api/vms?search=web-01', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await res.json()) as { data: { records: { uuid: string; name: string }[] } };
  const vm = data.records.find((r) => r.name === 'web-01')!;

  await page.goto(`/#/vmSetting/${vm.uuid}`);
  await page.getByTestId('vm-tab-web').click();
  await expect(page).toHaveURL(/\?tab=web$/);
  await expect(page.getByTestId('vm-console-state')).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('vm-console-state')).toHaveText('Connected');
  await expect(page.getByTestId('vm-console-hint')).toHaveText(
    'Demo cloud: log in as root with any password.',
  );

  const terminal = page.getByTestId('vm-console-terminal');
  const row = (text: string) =>
    terminal.locator('.xterm-rows > div').filter({ hasText: new RegExp(`^${text}$`) });
  await expect(terminal).toContainText('web-01 login:');
  await terminal.click();
  await page.keyboard.type('root');
  await page.keyboard.press('Enter');
  await expect(terminal).toContainText('Password:');
  await page.keyboard.type('anything');
  await page.keyboard.press('Enter');
  await expect(terminal).toContainText('root@web-01:~#');

  // A typo taken back with Backspace, then the command.
  await page.keyboard.type('hostnamx');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('e');
  await page.keyboard.press('Enter');
  await expect(row('web-01')).toHaveCount(1);

  // Copy: a double click selects the word, the button puts it on the clipboard.
  await expect(page.getByTestId('vm-console-copy')).toBeDisabled();
  // On the word's first letters (the row spans the terminal's width; xterm's screen takes the mouse).
  const box = (await row('web-01').boundingBox())!;
  await page.mouse.dblclick(box.x + 12, box.y + box.height / 2);
  await page.getByTestId('vm-console-copy').click();
  await expect(page.getByTestId('vm-console-notice')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('web-01');

  // Paste: the button types what the clipboard holds, Enter included.
  await page.evaluate(() => navigator.clipboard.writeText('whoami\r'));
  await page.getByTestId('vm-console-paste').click();
  await expect(row('root')).toHaveCount(1);
  // And Ctrl+V does the same through the browser's paste.
  await page.evaluate(() => navigator.clipboard.writeText('nproc\r'));
  await terminal.click();
  await page.keyboard.press('Control+V');
  await expect(row('2')).toHaveCount(1);

  // Reconnect: a new ticket and a new console.
  await page.getByTestId('vm-console-reconnect').click();
  await expect(page.getByTestId('vm-console-state')).toHaveAttribute('data-phase', 'connected');
  await expect(terminal).toContainText('web-01 login:');
});
