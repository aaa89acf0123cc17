import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { diskCreateSchema } from '@portal/shared';
import {
  canAttachDisk,
  canDeleteDisk,
  canDetachDisk,
  canResizeDisk,
  canRetypeDisk,
  DiskStatus,
  type DiskLink,
  type DiskUpdate,
  diskContract,
} from '@portal/shared';
import { disks, type DiskRow } from '../../db/schema/index.js';
import { allowed, fail } from '../../platform/errors.js';
import type { ResourceContext } from '../../platform/resources/context.js';
import { defineResource } from '../../platform/resources/declaration.js';
import { rowChange } from '../../platform/resources/row-change.js';
import { dataDiskCount, diskRows, listDisks, vmLockedForDisk } from './disk-repository.js';
import { diskLifecycle } from './disk-operations.js';

/** The VM a disk is to join, locked, with the rule that it is stopped and has room. */
async function attachable(
  ctx: ResourceContext,
  disk: Pick<DiskRow, 'status' | 'pendingOperation' | 'isRoot' | 'vmId' | 'sizeGb'>,
  vmId: string,
) {
  const vm = await vmLockedForDisk(ctx, vmId.toLowerCase());
  allowed(
    canAttachDisk(
      { ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb },
      vm,
      vm ? await dataDiskCount(ctx, vm.id) : 0,
    ),
  );
  return vm!;
}

async function createDisk(ctx: ResourceContext, input: z.output<typeof diskCreateSchema>) {
  const fresh = {
    status: DiskStatus.READY,
    pendingOperation: null,
    isRoot: false,
    vmId: null,
    sizeGb: input.diskSize,
  };
  const vm = input.vmUuid ? await attachable(ctx, fresh, input.vmUuid) : null;
  const disk = await diskLifecycle.create(
    ctx,
    'create',
    {
      name: input.diskName,
      sizeGb: input.diskSize,
      speed: input.diskSpeed,
      status: DiskStatus.CREATING,
      vmId: vm?.id ?? null,
    },
    () => ({ sizeGb: input.diskSize, speed: input.diskSpeed, vmId: vm?.id }),
  );
  return diskRows.one(ctx, disk.id);
}

/**
 * A rename applies at once; a larger size or another type goes to the cloud. Both at once is
 * refused as busy by the second rule, so a change is one thing at a time.
 */
async function updateDisk(ctx: ResourceContext, id: string, body: DiskUpdate) {
  const disk = await diskRows.forUpdate(ctx, id);
  if (body.diskName !== undefined) {
    await ctx.db
      .update(disks)
      .set({ name: body.diskName })
      .where(ctx.own(disks, eq(disks.id, id)));
  }
  if (body.diskSize !== undefined && body.diskSize !== disk.sizeGb) {
    allowed(canResizeDisk({ ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb }, body.diskSize));
    if (body.diskSpeed !== undefined && body.diskSpeed !== disk.speed) throw fail('DISK_STATUS_ERROR');
    await diskLifecycle.begin(ctx, id, 'resize', { status: DiskStatus.RESIZING }, { sizeGb: body.diskSize });
    return diskRows.one(ctx, id);
  }
  if (body.diskSize !== undefined)
    allowed(canResizeDisk({ ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb }, body.diskSize));
  if (body.diskSpeed !== undefined && body.diskSpeed !== disk.speed) {
    allowed(canRetypeDisk({ ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb }));
    await diskLifecycle.begin(
      ctx,
      id,
      'retype',
      { status: DiskStatus.RETYPING, targetSpeed: body.diskSpeed },
      { speed: body.diskSpeed, lang: ctx.lang, name: body.diskName ?? disk.name },
    );
  }
  return diskRows.one(ctx, id);
}

async function linkDisk(ctx: ResourceContext, id: string, body: DiskLink) {
  const disk = await diskRows.forUpdate(ctx, id);
  const vm = await attachable(ctx, disk, body.vmUuid);
  // The place on the VM is taken now, so two attaches at once cannot pass the limit of three.
  await diskLifecycle.begin(
    ctx,
    id,
    'attach',
    { status: DiskStatus.ATTACHING, vmId: vm.id },
    { vmId: vm.id },
  );
  return diskRows.one(ctx, id);
}

async function unlinkDisk(ctx: ResourceContext, id: string) {
  const disk = await diskRows.forUpdate(ctx, id);
  const vm = disk.vmId ? await vmLockedForDisk(ctx, disk.vmId) : null;
  allowed(canDetachDisk({ ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb }, vm));
  await diskLifecycle.begin(ctx, id, 'detach', { status: DiskStatus.DETACHING }, { vmId: disk.vmId });
  return diskRows.one(ctx, id);
}

const deleteDisk = rowChange(
  diskRows,
  diskLifecycle,
  'delete',
  (disk) => canDeleteDisk({ ...disk, vmUuid: disk.vmId, diskSize: disk.sizeGb }),
  { status: DiskStatus.DELETING },
);

/** Disks (routes diskList, createDisk; log code 10011). */
export const diskResource = defineResource(diskContract, {
  rows: diskRows,
  list: listDisks,
  create: {
    summary: 'Create a data disk, optionally attached to a stopped VM',
    handler: createDisk,
  },
  update: {
    summary: 'Rename, grow (never shrink), or change the volume type (takes days; a mail follows)',
    handler: updateDisk,
  },
  remove: {
    summary: 'Delete a free data disk; the login password confirms it',
    handler: deleteDisk,
  },
  actions: {
    link: {
      summary: 'Attach the disk to a stopped VM (at most 3 data disks)',
      handler: linkDisk,
    },
    unlink: { summary: 'Detach the disk from its stopped VM', handler: unlinkDisk },
  },
});
