import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import websocket from '@fastify/websocket';
import {
  CONSOLE_MAX_MESSAGE_BYTES,
  consoleSocketQuerySchema,
  consoleTicketSchema,
  uuidParamsSchema,
} from '@portal/shared';
import type { CloudDriver } from '../../cloud/driver.js';
import type { Db } from '../../db/database.js';
import { signedIn } from '../../platform/authority-guard.js';
import type { Clock } from '../../platform/clock.js';
import { forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { replies } from '../../platform/responses.js';
import type { SessionStore } from '../../platform/sessions.js';
import { assertConsoleVm, checkConsoleAccess, CONSOLE_AUTHORITY } from './vm-console-access.js';
import { bridgeConsole, type ConsoleBridge } from './vm-console-bridge.js';
import { issueConsoleTicket, redeemConsoleTicket } from './vm-console-tickets.js';

export interface VmConsoleDeps {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  cloud: CloudDriver;
  /** Where people reach the portal: a browser's socket must come from there or from this host. */
  publicUrl: string;
  checkMs: number;
}

interface Access {
  sessionHash: string;
  userId: string;
  vmId: string;
}

const vmIdOf = (params: { uuid: string }) => {
  if (!isUuid(params.uuid)) throw notFound('VM_NOT_FOUND');
  return params.uuid.toLowerCase();
};

/**
 * A socket opened by a page of another site would carry a ticket only if that site had one; the
 * Origin check refuses it anyway. Clients that are not browsers send no Origin: for them the
 * ticket is the whole credential, as the bearer token is for the rest of the API.
 */
function fromOurPages(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.host === request.host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The VM's serial console (the detail page's "web" tab, decision 0020): a ticket from a signed-in
 * request, then a WebSocket that presents it once and carries the terminal's text both ways.
 */
export const vmConsoleRoutes: FastifyPluginAsync<VmConsoleDeps> = async (plain, deps) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const bridges = new Set<ConsoleBridge>();
  const admitted = new WeakMap<FastifyRequest, Access>();

  // Before the plugin's own, which closes every socket without a reason: ours says why.
  app.addHook('preClose', async () => {
    for (const bridge of bridges) bridge.end('serverStopping');
  });
  await app.register(websocket, { options: { maxPayload: CONSOLE_MAX_MESSAGE_BYTES } });

  app.post(
    '/api/vms/:uuid/console',
    {
      config: { authority: CONSOLE_AUTHORITY, audit: { action: 'vm.console', target: 'vm' } },
      schema: {
        tags: ['vms'],
        summary:
          'A ticket to the serial console of a running VM: single use, for 30 seconds, for this session',
        params: uuidParamsSchema,
        response: replies(consoleTicketSchema),
      },
    },
    async (request) => {
      const auth = signedIn(request);
      const vmId = vmIdOf(request.params);
      await assertConsoleVm(auth.tenant, vmId);
      const ticket = await issueConsoleTicket(auth, vmId, deps.clock);
      return { data: { ...ticket, demoLogin: deps.cloud.consoleDemoLogin ?? null } };
    },
  );

  app.get(
    '/api/vms/:uuid/console/ws',
    {
      websocket: true,
      // The ticket is the credential: a browser cannot put the bearer token on a WebSocket.
      config: { authority: null },
      schema: { params: uuidParamsSchema, querystring: consoleSocketQuerySchema },
      // Refusals are HTTP answers, before the upgrade (the page learns why from its ticket request).
      preHandler: async (request) => {
        if (!fromOurPages(request, deps.publicUrl)) throw forbidden();
        const vmId = vmIdOf(request.params);
        const ticket = request.query.ticket;
        const row = ticket ? await redeemConsoleTicket(deps.db, deps.clock, ticket, vmId) : null;
        if (!row) throw unauthorized();
        const access = { sessionHash: row.sessionHash, userId: row.userId, vmId };
        await checkConsoleAccess(deps, access, true);
        admitted.set(request, access);
      },
    },
    (socket, request) => {
      const access = admitted.get(request);
      if (!access) return socket.close(1011);
      const log = request.log.child({ vmId: access.vmId, userId: access.userId });
      log.info('console opened');
      const bridge = bridgeConsole({
        socket,
        open: () => deps.cloud.openConsole(access.vmId),
        checkMs: deps.checkMs,
        check: (typed) => checkConsoleAccess(deps, access, typed),
        log,
        onEnd: () => {
          bridges.delete(bridge);
          log.info('console closed');
        },
      });
      bridges.add(bridge);
    },
  );
};
