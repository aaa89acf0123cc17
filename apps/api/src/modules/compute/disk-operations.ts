import { and, eq } from 'drizzle-orm';
import { DiskStatus, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { clients, disks, users, type OperationRow } from '../../db/schema/index.js';
import type { Operations } from '../../platform/operations/operations.js';
import type { MailContent } from '../../platform/mail/templates.js';
import { retypeDoneMail } from './compute-mails.js';
import { resourceLifecycle } from '../../platform/resources/lifecycle.js';

export const diskLifecycle = resourceLifecycle({
  table: disks,
  type: 'disks',
  kinds: {
    create: 'disk.create',
    attach: 'disk.attach',
    detach: 'disk.detach',
    resize: 'disk.resize',
    retype: 'disk.retype',
    delete: 'disk.delete',
  },
});
export type DiskVerb = keyof typeof diskLifecycle.kinds;
const { kinds } = diskLifecycle;

export interface DiskOperationDeps {
  db: Db;
  /** Sends a mail to a person in their language (through the mail queue where there is one). */
  sendMail(to: string, lang: Language, content: MailContent): Promise<void>;
  publicUrl: string;
}

const settle = (tx: Db, op: OperationRow, verb: DiskVerb, values: Partial<typeof disks.$inferInsert>) =>
  diskLifecycle.settle(tx, op, verb, { status: DiskStatus.READY, ...values });

/** A failed change leaves the disk as it was, ready, with the cloud's reason. */
const failed =
  (verb: DiskVerb, values: Partial<typeof disks.$inferInsert> = {}) =>
  async (tx: Db, op: OperationRow, error: string) =>
    void (await settle(tx, op, verb, { statusReason: error, ...values }));

export function defineDiskOperations(operations: Operations, deps: DiskOperationDeps): void {
  const input = (op: OperationRow) =>
    op.input as { sizeGb: number; speed: number; vmId?: string; lang?: Language; name?: string };

  operations.define(kinds.create, {
    submit: (driver, ref, op) =>
      driver.createVolume(ref, {
        volumeId: op.resourceId,
        sizeGb: input(op).sizeGb,
        speed: input(op).speed,
        serverId: input(op).vmId,
      }),
    succeeded: async (tx, op) => void (await settle(tx, op, 'create', { statusReason: null })),
    failed: async (tx, op, error) =>
      void (await settle(tx, op, 'create', { status: DiskStatus.ERROR, statusReason: error, vmId: null })),
  });

  operations.define(kinds.attach, {
    submit: (driver, ref, op) => driver.attachVolume(ref, op.resourceId, String(input(op).vmId)),
    succeeded: async (tx, op) => void (await settle(tx, op, 'attach', { statusReason: null })),
    // The VM was reserved when asked; a failed attach gives the place back.
    failed: failed('attach', { vmId: null }),
  });

  operations.define(kinds.detach, {
    submit: (driver, ref, op) => driver.detachVolume(ref, op.resourceId, String(input(op).vmId)),
    succeeded: async (tx, op) => void (await settle(tx, op, 'detach', { statusReason: null, vmId: null })),
    failed: failed('detach'),
  });

  operations.define(kinds.resize, {
    submit: (driver, ref, op) => driver.resizeVolume(ref, op.resourceId, input(op).sizeGb),
    succeeded: async (tx, op) =>
      void (await settle(tx, op, 'resize', { statusReason: null, sizeGb: input(op).sizeGb })),
    failed: failed('resize'),
  });

  operations.define(kinds.retype, {
    submit: (driver, ref, op) => driver.retypeVolume(ref, op.resourceId, input(op).speed),
    succeeded: async (tx, op) =>
      void (await settle(tx, op, 'retype', {
        statusReason: null,
        speed: input(op).speed,
        targetSpeed: null,
      })),
    failed: failed('retype', { targetSpeed: null }),
    // Days later, the person who asked hears how it ended (spec section 4).
    async after(op, outcome) {
      const to = await recipient(deps.db, op);
      if (!to) return;
      const { speed, lang = 'zh-TW', name = '' } = input(op);
      const [disk] = await deps.db
        .select({ speed: disks.speed })
        .from(disks)
        .where(eq(disks.id, op.resourceId));
      const content = retypeDoneMail(
        lang,
        { name, speed: outcome === 'succeeded' ? speed : (disk?.speed ?? speed) },
        outcome,
        `${deps.publicUrl}/#/diskList`,
      );
      await deps.sendMail(to, lang, content);
    },
  });

  operations.define(
    kinds.delete,
    diskLifecycle.removal('delete', (driver, ref, op) => driver.deleteVolume(ref, op.resourceId), {
      status: DiskStatus.ERROR,
    }),
  );
}

/** Whoever asked, or the account's root user when that person has no address or is gone. */
async function recipient(db: Db, op: OperationRow): Promise<string | null> {
  if (op.userId) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, op.userId));
    if (user?.email) return user.email;
  }
  const [root] = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(and(eq(users.clientId, op.clientId), eq(users.isRoot, true)));
  return root?.email ?? null;
}
