import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { simServers, simVolumes } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { ConsoleStream } from '../driver.js';
import type { GuestFacts } from './guest-commands.js';
import { createSerialConsole } from './serial-console.js';

/** The serial console of a simulated server that is on; rejects for one that is off or gone. */
export async function openSimulatedConsole(db: Db, clock: Clock, serverId: string): Promise<ConsoleStream> {
  const [server] = await db
    .select()
    .from(simServers)
    .where(and(eq(simServers.id, serverId), isNull(simServers.deletedAt)));
  if (!server || server.power !== 'on') throw new Error('server is not running');
  const volumes = await db
    .select({ sizeGb: simVolumes.sizeGb, boot: simVolumes.boot })
    .from(simVolumes)
    .where(and(eq(simVolumes.serverId, serverId), isNull(simVolumes.deletedAt)))
    .orderBy(simVolumes.id);
  // Servers launched before volumes knew their boot flag: the first one stands in for it.
  const boot = volumes.find((v) => v.boot) ?? volumes[0];
  const guest: GuestFacts = {
    serverId,
    hostname: server.hostname ?? `vm-${serverId.slice(0, 8)}`,
    cpu: server.cpu,
    ramGb: server.ramGb,
    privateIp: server.privateIp,
    prefix: Number(server.network.split('/')[1] ?? 24),
    ipv6: server.ipv6,
    bootedAt: server.bootedAt ?? clock.now(),
    rootGb: boot?.sizeGb ?? 50,
    dataGbs: volumes.filter((v) => v !== boot).map((v) => v.sizeGb),
    stressUntil: server.stressUntil,
  };
  // A `stress` run is the cloud's to know: the server's metrics (metrics.ts) follow it.
  const recordStress = async (until: Date | null) => {
    await db.update(simServers).set({ stressUntil: until }).where(eq(simServers.id, serverId));
  };
  return streamOf((print) => createSerialConsole(guest, () => clock.now(), print, recordStress));
}

/** A console as a stream: what it prints before anyone listens is kept for the first listener. */
export function streamOf(
  start: (print: (text: string) => void) => { input(data: string): void },
): ConsoleStream {
  const waiting: string[] = [];
  const listeners: ((data: string) => void)[] = [];
  let closed = false;
  const console = start((text) => {
    if (closed || text === '') return;
    if (listeners.length === 0) waiting.push(text);
    for (const listener of listeners) listener(text);
  });
  return {
    write(data) {
      if (!closed) console.input(data);
    },
    onData(listener) {
      listeners.push(listener);
      if (waiting.length > 0) listener(waiting.splice(0).join(''));
    },
    // The simulated console ends only when the portal closes it; the portal watches the VM.
    onClose() {},
    close() {
      closed = true;
    },
  };
}
