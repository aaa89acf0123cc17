import { TicketStatus } from '../enums/ticket.js';
import type { RuleResult } from './vm.js';

/**
 * The life of a support ticket (spec section 4: NEW, PROCESS, WAITING, CLOSE; issue 14):
 *
 * - the customer creates it: NEW;
 * - a staff member picks it up: PROCESS, assigned to them (only a NEW ticket is picked up);
 * - staff answer, choosing PROCESS (working on it) or WAITING (waiting for the customer);
 * - the customer replies: WAITING becomes PROCESS, NEW and PROCESS stay;
 * - the customer or staff close it: CLOSE;
 * - nothing is done to a closed ticket but reading it (TICKET_CLOSED).
 *
 * The API refuses with the code this answers; the pages use it to offer only what would work.
 */
export type TicketChange =
  | { kind: 'pickUp' }
  | { kind: 'answer'; status: typeof TicketStatus.PROCESS | typeof TicketStatus.WAITING }
  | { kind: 'reply' }
  | { kind: 'close' };

export type TicketTransition =
  { ok: true; status: TicketStatus } | { ok: false; code: 'TICKET_CLOSED' | 'TICKET_STATUS_ERROR' };

export function ticketTransition(status: TicketStatus, change: TicketChange): TicketTransition {
  if (status === TicketStatus.CLOSE) return { ok: false, code: 'TICKET_CLOSED' };
  switch (change.kind) {
    case 'pickUp':
      return status === TicketStatus.NEW
        ? { ok: true, status: TicketStatus.PROCESS }
        : { ok: false, code: 'TICKET_STATUS_ERROR' };
    case 'answer':
      return { ok: true, status: change.status };
    case 'reply':
      return { ok: true, status: status === TicketStatus.WAITING ? TicketStatus.PROCESS : status };
    case 'close':
      return { ok: true, status: TicketStatus.CLOSE };
    default:
      return { ok: false, code: 'TICKET_STATUS_ERROR' };
  }
}

const ruleOf = (status: TicketStatus, change: TicketChange): RuleResult => {
  const next = ticketTransition(status, change);
  return next.ok ? true : next.code;
};

/** Whether the customer may reply (or staff answer): any ticket not closed. */
export const canReplyTicket = (ticket: { status: TicketStatus }): RuleResult =>
  ruleOf(ticket.status, { kind: 'reply' });

/** Whether the ticket may be closed (by the customer or staff). */
export const canCloseTicket = (ticket: { status: TicketStatus }): RuleResult =>
  ruleOf(ticket.status, { kind: 'close' });

/** Whether a staff member may pick the ticket up: only a new one. */
export const canPickUpTicket = (ticket: { status: TicketStatus }): RuleResult =>
  ruleOf(ticket.status, { kind: 'pickUp' });
