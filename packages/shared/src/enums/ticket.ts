import { type EnumValue, labelKeyOf } from './enum.js';

/** Support ticket status (spec section 4). Label keys `enums.ticketStatus.<value>`. */
export const TicketStatus = { NEW: 'NEW', PROCESS: 'PROCESS', WAITING: 'WAITING', CLOSE: 'CLOSE' } as const;
export type TicketStatus = EnumValue<typeof TicketStatus>;
export const ticketStatusLabelKey = labelKeyOf('ticketStatus', TicketStatus);

/**
 * What a ticket is about (spec: ticketCode, "a category code"). Label keys
 * `enums.ticketCategory.<value>`.
 */
export const TicketCategory = {
  ACCOUNT: 'account',
  BILLING: 'billing',
  VM: 'vm',
  DISK: 'disk',
  NETWORK: 'network',
  STORAGE: 'storage',
  DATA_STORE: 'dataStore',
  OTHER: 'other',
} as const;
export type TicketCategory = EnumValue<typeof TicketCategory>;
export const ticketCategoryLabelKey = labelKeyOf('ticketCategory', TicketCategory);

/** Who wrote an entry of a ticket's conversation. Label keys `enums.ticketAuthor.<value>`. */
export const TicketAuthor = { CUSTOMER: 'customer', STAFF: 'staff' } as const;
export type TicketAuthor = EnumValue<typeof TicketAuthor>;
export const ticketAuthorLabelKey = labelKeyOf('ticketAuthor', TicketAuthor);
