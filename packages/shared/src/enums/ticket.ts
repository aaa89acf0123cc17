import { type EnumValue, labelKeyOf } from './enum.js';

/** Support ticket status (spec section 4). Label keys `enums.ticketStatus.<value>`. */
export const TicketStatus = { NEW: 'NEW', PROCESS: 'PROCESS', WAITING: 'WAITING', CLOSE: 'CLOSE' } as const;
export type TicketStatus = EnumValue<typeof TicketStatus>;
export const ticketStatusLabelKey = labelKeyOf('ticketStatus', TicketStatus);
