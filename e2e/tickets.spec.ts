import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { latestMail } from './support/mail';
import { DEMO, open, signInDemoRoot } from './support/portal';
import { STAFF } from './support/registration';

/**
 * Support tickets (routes /myTicket, /createTicket, /myTicket/{id}; the operations console's
 * /ops/tickets): the demo customer opens a ticket about web-02 from the VM's page, with a
 * screenshot; a staff member picks it up in the operations console and answers, waiting for the
 * customer; the answer is mailed; the customer reads it and closes the ticket.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

async function staffSignIn(page: Page) {
  await open(page, '/ops/login');
  await page.getByTestId('field-email').fill(STAFF.email);
  await page.getByTestId('field-password').fill(STAFF.password);
  await page.getByTestId('ops-login-submit').click();
  await expect(page.getByTestId('ops-applications-page')).toBeVisible();
}

test('open a ticket about a VM, staff pick it up and answer, the customer reads it and closes it', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const remark = `e2e ${stamp}: web-02 restarts by itself at night.`;
  const answer = `Hello (${stamp}): the host of web-02 was patched; please tell us if it happens again.`;
  await open(page, '/login');
  await signInDemoRoot(page);

  // From the VM's page: "Open a ticket" chooses the VM in the form; the contact is the account's.
  await page.goto('/#/vmSetting?search=web-02');
  await page.getByTestId('vm-table').getByRole('link', { name: 'web-02', exact: true }).click();
  await expect(page).toHaveURL(/#\/vmSetting\/[0-9a-f-]{36}$/);
  const vmId = /vmSetting\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.getByTestId(`vm-openTicket-${vmId}`).click();
  await expect(page).toHaveURL(new RegExp(`#/createTicket\\?vm=${vmId}$`));
  const form = page.getByTestId('ticket-form');
  await expect(form.getByRole('combobox', { name: 'VM' })).toHaveText('web-02');
  await expect(form.getByTestId('field-contactMail')).toHaveValue(DEMO.rootEmail);
  await form.getByTestId('field-ticketRemark').fill(remark);
  await form
    .getByTestId('ticket-files-input')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('ticket-files-file')).toHaveText('screen.png');
  await page.getByTestId('ticket-save').click();

  // The ticket's page: new, with the description and the file.
  await expect(page).toHaveURL(/#\/myTicket\/[0-9a-f-]{36}$/);
  const ticketUrl = page.url();
  await expect(page.getByTestId('ticket-status')).toHaveText('New');
  await expect(page.getByTestId('ticket-remark')).toHaveText(remark);
  await expect(page.getByRole('button', { name: 'Download screen.png' })).toBeVisible();
  const ticketNo = (await page.getByTestId('ticket-no').textContent())!;
  expect(ticketNo).toMatch(/^T\d{12}$/);

  // A staff member, in a browser of their own: the queue, pick up, answer waiting for the customer.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staffSignIn(staff);
  await staff.getByTestId('ops-nav-tickets').click();
  await staff.getByTestId('ops-tickets-search').fill(ticketNo);
  const row = staff.locator(`[data-testid="ops-ticket-row"][data-ticket-no="${ticketNo}"]`);
  await expect(row).toContainText(DEMO.companyName);
  await expect(row).toContainText(DEMO.clientNumber);
  await row.getByRole('link', { name: ticketNo }).click();
  await expect(staff.getByTestId('ops-ticket-no')).toHaveText(ticketNo);
  await staff.getByTestId('ops-ticket-pick-up').click();
  await expect(staff.getByTestId('ops-ticket-status')).toHaveText('In progress');
  await staff.getByTestId('ops-ticket-answer-text').fill(answer);
  await staff.getByRole('combobox', { name: 'Then the ticket is' }).click();
  await staff.getByRole('option', { name: 'Waiting for reply' }).click();
  const since = Date.now() - 1000;
  await staff.getByTestId('ops-ticket-answer-send').click();
  await expect(staff.getByTestId('ops-ticket-status')).toHaveText('Waiting for reply');
  await expect(staff.getByTestId('ops-ticket-thread')).toContainText(answer);
  await staffContext.close();

  // The answer is mailed in the customer's language, with the link to the ticket.
  const mail = await latestMail(page.request, DEMO.rootEmail, since);
  expect(mail.subject).toBe(`[${ticketNo}] New reply to your support ticket`);
  expect(mail.text).toContain(answer);
  expect(mail.text).toContain('Status: Waiting for your reply.');
  expect(mail.text).toContain(ticketUrl.slice(ticketUrl.indexOf('#')));

  // The customer sees the answer and the status, and closes the ticket.
  await page.reload();
  await expect(page.getByTestId('ticket-status')).toHaveText('Waiting for reply');
  await expect(page.getByTestId('ticket-thread')).toContainText(answer);
  await expect(page.getByTestId('ticket-thread')).toContainText('Support team');
  await page.getByTestId('ticket-close').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Close ${ticketNo}?`);
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Closed');
  await expect(page.getByTestId('ticket-closed')).toBeVisible();
  await expect(page.getByTestId('ticket-reply')).toHaveCount(0);

  // The list shows it closed.
  await page.goto(`/#/myTicket?search=${ticketNo}`);
  await expect(page.getByTestId('ticket-table').getByTestId('resource-table-row')).toHaveCount(1);
  await expect(page.getByTestId('ticket-table')).toContainText('Closed');
});
