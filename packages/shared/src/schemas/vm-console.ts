import { z } from 'zod';

/**
 * The VM's serial console (the detail page's "web" tab), decision 0020. A browser cannot put a
 * header on a WebSocket, so the signed-in page first asks `POST /api/vms/{uuid}/console` for a
 * ticket: random, single use, bound to the session, the user and the VM, and short-lived. It then
 * opens `GET /api/vms/{uuid}/console/ws?ticket=...`, which carries the terminal's text both ways.
 */
export const CONSOLE_TICKET_TTL_MS = 30_000;
/** How often the server checks that the session lives and the VM still runs (CONSOLE_CHECK_MS). */
export const CONSOLE_CHECK_MS = 5_000;
/** The largest message a terminal sends (a paste); larger ones end the connection. */
export const CONSOLE_MAX_MESSAGE_BYTES = 64 * 1024;

export const consoleTicketSchema = z.object({
  ticket: z.string(),
  /** When the ticket stops opening the console (ISO); it opens it once. */
  expiresAt: z.string(),
  /** The user name a simulated cloud's consoles take with any password; null on a real cloud. */
  demoLogin: z.string().nullable(),
});
export type ConsoleTicket = z.infer<typeof consoleTicketSchema>;

export const consoleSocketQuerySchema = z.object({ ticket: z.string().max(100).optional() });

/**
 * Why the server ended an open console: the WebSocket's close code, and the reason it sends (the
 * web shows `vm:console.closed.<reason>`).
 */
export const CONSOLE_CLOSE = {
  /** The session was signed out, expired, or its user was locked or lost the right to manage VMs. */
  sessionEnded: 4401,
  /** The VM is gone (deleted). */
  vmGone: 4404,
  /** The VM stopped, or the cloud began a stop, reboot or delete. */
  vmNotRunning: 4409,
  /** The cloud's console could not be opened or broke off. */
  consoleFailed: 4500,
  /** This server is shutting down; reconnecting reaches another. */
  serverStopping: 4503,
} as const;
export type ConsoleCloseReason = keyof typeof CONSOLE_CLOSE;

export const consoleCloseReason = (code: number): ConsoleCloseReason | undefined =>
  (Object.keys(CONSOLE_CLOSE) as ConsoleCloseReason[]).find((reason) => CONSOLE_CLOSE[reason] === code);
