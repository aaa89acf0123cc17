import { describe, expect, it } from 'vitest';
import { TicketStatus } from '../enums/ticket.js';
import { canCloseTicket, canPickUpTicket, canReplyTicket, ticketTransition } from './ticket.js';

const { NEW, PROCESS, WAITING, CLOSE } = TicketStatus;
const to = (status: TicketStatus) => ({ ok: true, status });
const refused = (code: string) => ({ ok: false, code });

describe('ticketTransition', () => {
  it('a pick-up takes a new ticket into work, and no other', () => {
    expect(ticketTransition(NEW, { kind: 'pickUp' })).toEqual(to(PROCESS));
    expect(ticketTransition(PROCESS, { kind: 'pickUp' })).toEqual(refused('TICKET_STATUS_ERROR'));
    expect(ticketTransition(WAITING, { kind: 'pickUp' })).toEqual(refused('TICKET_STATUS_ERROR'));
  });

  it('staff answers set the status they choose, from any open status', () => {
    for (const from of [NEW, PROCESS, WAITING]) {
      expect(ticketTransition(from, { kind: 'answer', status: PROCESS })).toEqual(to(PROCESS));
      expect(ticketTransition(from, { kind: 'answer', status: WAITING })).toEqual(to(WAITING));
    }
  });

  it("a customer's reply brings a waiting ticket back into work; new stays new", () => {
    expect(ticketTransition(WAITING, { kind: 'reply' })).toEqual(to(PROCESS));
    expect(ticketTransition(NEW, { kind: 'reply' })).toEqual(to(NEW));
    expect(ticketTransition(PROCESS, { kind: 'reply' })).toEqual(to(PROCESS));
  });

  it('any open ticket closes', () => {
    for (const from of [NEW, PROCESS, WAITING]) {
      expect(ticketTransition(from, { kind: 'close' })).toEqual(to(CLOSE));
    }
  });

  it('nothing but reading is done to a closed ticket', () => {
    for (const change of [
      { kind: 'pickUp' },
      { kind: 'answer', status: PROCESS },
      { kind: 'answer', status: WAITING },
      { kind: 'reply' },
      { kind: 'close' },
    ] as const) {
      expect(ticketTransition(CLOSE, change)).toEqual(refused('TICKET_CLOSED'));
    }
  });
});

describe('ticket action rules', () => {
  it('answer true or the code the server refuses with', () => {
    expect(canReplyTicket({ status: WAITING })).toBe(true);
    expect(canReplyTicket({ status: CLOSE })).toBe('TICKET_CLOSED');
    expect(canCloseTicket({ status: NEW })).toBe(true);
    expect(canCloseTicket({ status: CLOSE })).toBe('TICKET_CLOSED');
    expect(canPickUpTicket({ status: NEW })).toBe(true);
    expect(canPickUpTicket({ status: PROCESS })).toBe('TICKET_STATUS_ERROR');
    expect(canPickUpTicket({ status: CLOSE })).toBe('TICKET_CLOSED');
  });
});
