import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Ticket, TicketCategory, TicketStatus } from '@portal/shared';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { json } from '../../test/http';
import { ROOT, bulkFinished, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { ticketResource } from './ticket-resource';

const ticket = (n: number, status: TicketStatus): Ticket => ({
  uuid: `k-${n}`,
  ticketNo: `T2026000${n}`,
  status,
  ticketCode: TicketCategory.BILLING,
  ticketRemark: 'A question',
  contactName: 'Demo',
  contactMail: 'demo@example.com',
  contactMobile: '',
  contactPhone: '',
  vmId: null,
  vmName: 'web-01',
  ccisId: null,
  account: 'demo',
  createDate: '2026-03-01T10:00:00.000Z',
  updateDate: '2026-03-02T10:00:00.000Z',
  closedAt: null,
});

describe('the ticket list', () => {
  it('closes the selected tickets one call each, skipping one already closed', async () => {
    const closed: string[] = [];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/tickets')
        return page([
          ticket(1, TicketStatus.NEW),
          ticket(2, TicketStatus.CLOSE),
          ticket(3, TicketStatus.WAITING),
        ]);
      const id = /^\/api\/tickets\/([^/]+)\/close$/.exec(url.pathname)?.[1];
      if (!id || init.method !== 'POST') return undefined;
      closed.push(id);
      return json(200, { data: ticket(1, TicketStatus.CLOSE) });
    });
    renderInApp(<ResourceList def={ticketResource} inUrl />, '/myTicket');
    await screen.findByTestId('ticket-more-k-3');
    fireEvent.click(screen.getByTestId('ticket-select-all').querySelector('input')!);
    const button = screen.getByTestId('ticket-bulk-close');
    expect(button.textContent).toBe('Close ticket (2/3)');
    fireEvent.click(button);
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Close 3 selected items?');
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));

    const progress = await bulkFinished('Done 2 · failed 0 · skipped 1');
    expect(closed.sort()).toEqual(['k-1', 'k-3']);
    expect(within(progress).getByTestId('bulk-row-1').textContent).toContain('This ticket is closed');
  });
});
