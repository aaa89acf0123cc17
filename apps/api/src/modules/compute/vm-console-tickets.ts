import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CONSOLE_TICKET_TTL_MS, type ConsoleTicket } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { consoleTickets, type ConsoleTicketRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../platform/auth-context.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken } from '../../platform/sessions.js';

/**
 * A ticket to a VM's console for the caller's session (decision 0020): 256 random bits, of which
 * only the hash is kept, for this VM only, opening it once within CONSOLE_TICKET_TTL_MS.
 */
export async function issueConsoleTicket(
  auth: AuthContext,
  vmId: string,
  clock: Clock,
): Promise<Omit<ConsoleTicket, 'demoLogin'>> {
  const ticket = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + CONSOLE_TICKET_TTL_MS);
  await auth.tenant.insert(consoleTickets, {
    tokenHash: hashToken(ticket),
    userId: auth.user.id,
    sessionHash: auth.tokenHash,
    vmId,
    createdAt: now,
    expiresAt,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a ticket for the VM: the row it names, marked used in the same statement so that of two
 * sockets presenting it at once (even on two instances) one gets it; null when it is unknown,
 * used, expired or for another VM. The ticket names the tenant, like a session token does.
 */
export async function redeemConsoleTicket(
  db: Db,
  clock: Clock,
  ticket: string,
  vmId: string,
): Promise<ConsoleTicketRow | null> {
  const now = clock.now();
  const [row] = await db
    .update(consoleTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(consoleTickets.tokenHash, hashToken(ticket)),
        eq(consoleTickets.vmId, vmId),
        isNull(consoleTickets.usedAt),
        gt(consoleTickets.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
