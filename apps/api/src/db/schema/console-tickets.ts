import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientId, createdAt } from './columns.js';
import { vms } from './compute.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

/**
 * Tickets to a VM's serial console (decision 0020): the WebSocket that carries the terminal cannot
 * send the bearer token, so a signed-in request gets a ticket and the socket presents it once.
 * Only the SHA-256 of the ticket is kept, and it names the session it was given to, so the socket
 * lives only as long as that session does. In the database, not in memory, because the socket
 * may reach another instance than the request did.
 */
export const consoleTickets = pgTable(
  'console_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    vmId: uuid('vm_id')
      .notNull()
      .references(() => vms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the socket presented it: a ticket opens one console, once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('console_tickets_expires_idx').on(t.expiresAt)],
);

export type ConsoleTicketRow = typeof consoleTickets.$inferSelect;
