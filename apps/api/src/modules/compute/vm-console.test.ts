import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import WebSocket from 'ws';
import { CONSOLE_CLOSE, VmStatus, type ConsoleTicket, type Vm } from '@portal/shared';
import { auditLog, consoleTickets, sessions } from '../../db/schema/index.js';
import { deleteExpired } from '../../platform/expired-rows.js';
import { hashToken } from '../../platform/sessions.js';
import { body, build, type Tenant, type TestApp } from '../../../test/build.js';
import { settled } from '../../../test/operations.js';
import { waitFor } from '../../../test/wait-for.js';
import { createDefaultNetwork } from './default-network.js';

const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp;
let tenant: Tenant;
let token: string;
let base: string;
let network: Awaited<ReturnType<typeof createDefaultNetwork>>;
let running: Vm;

beforeAll(async () => {
  // Checks every 50 ms, so a sign-out or a stop shows within a test's patience.
  t = await build({ config: { consoleCheckMs: 50 } });
  tenant = await t.createTenant();
  token = await t.signIn(tenant.root, tenant.client);
  network = await createDefaultNetwork(t.db, tenant.client.id);
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  running = await launch('console-1');
});
afterAll(() => t.close());

async function launch(name: string, as = token, app = t, vpcId = network.vpc.id): Promise<Vm> {
  const response = await app.request('POST', '/api/vms', {
    token: as,
    body: {
      name,
      templateUUID: UBUNTU,
      cpuCore: 2,
      ramSize: 4,
      rootDiskSize: 60,
      vpcUuid: vpcId,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  await settled(app);
  const vm = body<{ data: Vm }>(
    await app.request('GET', `/api/vms/${body<{ data: Vm }>(response).data.uuid}`, { token: as }),
  ).data;
  expect(vm.status).toBe(VmStatus.RUNNING);
  return vm;
}

const askTicket = (vmId: string, as = token) => t.request('POST', `/api/vms/${vmId}/console`, { token: as });

async function ticketFor(vmId: string, as = token): Promise<string> {
  const response = await askTicket(vmId, as);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: ConsoleTicket }>(response).data.ticket;
}

/** A terminal on the socket: what it has shown, typing, and how it closed. */
interface Terminal {
  ws: WebSocket;
  screen(): string;
  type(keys: string): void;
  /** Until the screen (since the last call) shows `text`. */
  until(text: string): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens the socket: a terminal, or the HTTP status the upgrade was refused with. */
function connect(vmId: string, ticket: string | null, headers: Record<string, string> = {}, at = base) {
  const query = ticket === null ? '' : `?ticket=${encodeURIComponent(ticket)}`;
  const ws = new WebSocket(`${at}/api/vms/${vmId}/console/ws${query}`, { headers });
  let screen = '';
  let seen = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data: Buffer) => (screen += data.toString('utf8')));
  return new Promise<Terminal | { refused: number }>((resolve, reject) => {
    ws.on('open', () =>
      resolve({
        ws,
        screen: () => screen,
        type: (keys) => ws.send(keys),
        async until(text) {
          await waitFor(() => screen.indexOf(text, seen) >= 0, 5000, JSON.stringify(text));
          seen = screen.indexOf(text, seen) + text.length;
        },
        closed,
      }),
    );
    ws.on('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('error', reject);
  });
}

async function terminal(vmId: string, ticket: string, at = base): Promise<Terminal> {
  const opened = await connect(vmId, ticket, {}, at);
  if ('refused' in opened) throw new Error(`console refused: ${opened.refused}`);
  return opened;
}

const refusedWith = async (vmId: string, ticket: string | null, headers?: Record<string, string>) => {
  const opened = await connect(vmId, ticket, headers);
  if (!('refused' in opened)) {
    opened.ws.close();
    return 101;
  }
  return opened.refused;
};

describe('the VM console', () => {
  it('shows the login prompt, logs in, and answers a command with the VM’s own facts', async () => {
    const term = await terminal(running.uuid, await ticketFor(running.uuid));
    await term.until('console-1 login: ');
    term.type('root\r');
    await term.until('Password: ');
    term.type('anything\r');
    await term.until('root@console-1:~# ');
    term.type('hostname\r');
    await term.until('hostname\r\nconsole-1\r\nroot@console-1:~# ');
    term.type('nproc\r');
    await term.until('\r\n2\r\n');
    term.type('ip addr\r');
    await term.until(`inet ${running.privateIP}/24`);
    term.type('df -h\r');
    await term.until('/dev/vda1        59G');
    term.type('foo\r');
    await term.until('bash: foo: command not found');
    term.ws.close();
    expect((await term.closed).code).toBe(1005);
  });

  it('keeps only the hash of a ticket, and records who asked for one in the audit log', async () => {
    const answer = body<{ data: ConsoleTicket }>(await askTicket(running.uuid)).data;
    // The simulated cloud's demo sign-in, for the page to show.
    expect(answer.demoLogin).toBe('root');
    expect(Date.parse(answer.expiresAt) - t.clock.now().getTime()).toBe(30_000);
    const ticket = answer.ticket;
    const rows = await t.db.select().from(consoleTickets).where(eq(consoleTickets.vmId, running.uuid));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === ticket || JSON.stringify(r).includes(ticket))).toBe(false);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vm.console'), eq(auditLog.targetId, running.uuid)));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.every((a) => a.outcome === 'success' && !JSON.stringify(a.detail).includes(ticket))).toBe(
      true,
    );
  });

  it('gives no ticket for another tenant’s VM, an unknown one or a non-id: 404 as for any resource', async () => {
    const other = await t.createTenant();
    const otherToken = await t.signIn(other.root, other.client);
    expect((await askTicket(running.uuid, otherToken)).statusCode).toBe(404);
    expect((await askTicket('7d5a3c1e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await askTicket('not-a-vm')).statusCode).toBe(404);
  });

  it('gives no ticket to a user who may only look at VMs, nor without a session', async () => {
    const viewer = await t.signIn(await t.createIam(tenant.client, { roles: ['readOnly'] }), tenant.client);
    expect((await askTicket(running.uuid, viewer)).statusCode).toBe(403);
    expect((await t.request('POST', `/api/vms/${running.uuid}/console`)).statusCode).toBe(401);
  });

  it('gives no ticket for a stopped VM: VM_STATUS_ERROR, recorded as a refusal', async () => {
    const vm = await launch('console-stopped');
    expect((await t.request('POST', `/api/vms/${vm.uuid}/stop`, { token })).statusCode).toBe(200);
    // Stopping: the cloud is still at it.
    const stopping = await askTicket(vm.uuid);
    expect([stopping.statusCode, body(stopping).msg]).toEqual([400, 'VM_STATUS_ERROR']);
    await settled(t);
    const stopped = await askTicket(vm.uuid);
    expect([stopped.statusCode, body(stopped).msg]).toEqual([400, 'VM_STATUS_ERROR']);
    const [refusal] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vm.console'), eq(auditLog.targetId, vm.uuid)));
    expect(refusal).toMatchObject({ outcome: 'failure', detail: { error: 'VM_STATUS_ERROR' } });
  });

  it('opens once per ticket: the same ticket again is refused', async () => {
    const ticket = await ticketFor(running.uuid);
    const first = await terminal(running.uuid, ticket);
    await first.until('login: ');
    expect(await refusedWith(running.uuid, ticket)).toBe(401);
    first.ws.close();
  });

  it('refuses a ticket after its 30 seconds, for another VM, a made-up one or none', async () => {
    const late = await ticketFor(running.uuid);
    t.clock.advance(31_000);
    expect(await refusedWith(running.uuid, late)).toBe(401);

    const other = await launch('console-2');
    expect(await refusedWith(other.uuid, await ticketFor(running.uuid))).toBe(401);
    expect(await refusedWith(running.uuid, 'made-up-ticket')).toBe(401);
    expect(await refusedWith(running.uuid, null)).toBe(401);
  });

  it('refuses a socket opened by a page of another site, and takes one from this host', async () => {
    expect(
      await refusedWith(running.uuid, await ticketFor(running.uuid), { origin: 'https://evil.example' }),
    ).toBe(403);
    const host = new URL(base).host;
    expect(await refusedWith(running.uuid, await ticketFor(running.uuid), { origin: `http://${host}` })).toBe(
      101,
    );
  });

  it('refuses a ticket whose session has ended before the socket came', async () => {
    const session = await t.signIn(tenant.root, tenant.client);
    const ticket = await ticketFor(running.uuid, session);
    await t.request('POST', '/api/users/logout', { token: session });
    expect(await refusedWith(running.uuid, ticket)).toBe(401);
  });

  it('closes when the session is signed out, saying so', async () => {
    const session = await t.signIn(tenant.root, tenant.client);
    const term = await terminal(running.uuid, await ticketFor(running.uuid, session));
    await term.until('login: ');
    expect((await t.request('POST', '/api/users/logout', { token: session })).statusCode).toBe(200);
    expect(await term.closed).toEqual({ code: CONSOLE_CLOSE.sessionEnded, reason: 'sessionEnded' });
  });

  it('closes when its user is locked', async () => {
    const operator = await t.createIam(tenant.client, { roles: ['computeOperator'] });
    const session = await t.signIn(operator, tenant.client);
    const term = await terminal(running.uuid, await ticketFor(running.uuid, session));
    await term.until('login: ');
    await t.setLocked(operator, true);
    expect(await term.closed).toEqual({ code: CONSOLE_CLOSE.sessionEnded, reason: 'sessionEnded' });
  });

  it('closes when the VM stops, saying so', async () => {
    const vm = await launch('console-3');
    const term = await terminal(vm.uuid, await ticketFor(vm.uuid));
    await term.until('console-3 login: ');
    expect((await t.request('POST', `/api/vms/${vm.uuid}/stop`, { token })).statusCode).toBe(200);
    expect(await term.closed).toEqual({ code: CONSOLE_CLOSE.vmNotRunning, reason: 'vmNotRunning' });
    await settled(t);
  });

  it('keeps no idle session alive, and slides the session while the user types', async () => {
    const session = await t.signIn(tenant.root, tenant.client);
    const term = await terminal(running.uuid, await ticketFor(running.uuid, session));
    await term.until('login: ');
    const lastSeen = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(session)))
      )[0]!.lastSeenAt.getTime();
    const before = await lastSeen();
    t.clock.advance(2 * 60_000);
    // Several checks go by with nobody typing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await lastSeen()).toBe(before);
    term.type('r');
    await waitFor(async () => (await lastSeen()) > before, 5000, 'the session to be touched');
    term.ws.close();
  });

  it('sweeps expired tickets, used or not, with the other expired rows', async () => {
    await ticketFor(running.uuid);
    const now = t.clock.now();
    const live = await t.db.select().from(consoleTickets).where(gt(consoleTickets.expiresAt, now));
    expect(live.length).toBeGreaterThan(0);
    const { consoleTickets: swept } = await deleteExpired(t.db, now);
    expect(swept).toBeGreaterThan(0);
    const left = await t.db.select().from(consoleTickets);
    expect(left.map((r) => r.tokenHash).sort()).toEqual(live.map((r) => r.tokenHash).sort());
  });

  it('closes its consoles with serverStopping when the server shuts down', async () => {
    const other = await build({ config: { consoleCheckMs: 50 } });
    try {
      const owner = await other.createTenant();
      const session = await other.signIn(owner.root, owner.client);
      const net = await createDefaultNetwork(other.db, owner.client.id);
      const at = (await other.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
      const vm = await launch('console-4', session, other, net.vpc.id);
      const answer = await other.request('POST', `/api/vms/${vm.uuid}/console`, { token: session });
      const term = await terminal(vm.uuid, body<{ data: ConsoleTicket }>(answer).data.ticket, at);
      await term.until('console-4 login: ');
      const closing = other.app.close();
      expect(await term.closed).toEqual({ code: CONSOLE_CLOSE.serverStopping, reason: 'serverStopping' });
      await closing;
    } finally {
      await other.close();
    }
  });
});
