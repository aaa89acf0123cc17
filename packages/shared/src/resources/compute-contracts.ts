import { destructiveBodySchema } from '../schemas/resource.js';
import {
  diskCreateSchema,
  diskLinkSchema,
  diskListQuerySchema,
  diskSchema,
  diskUpdateSchema,
} from '../schemas/disk.js';
import { snapshotCreateSchema, snapshotListQuerySchema, snapshotSchema } from '../schemas/snapshot.js';
import {
  snapshotRuleAddVmsSchema,
  snapshotRuleCreateSchema,
  snapshotRuleListQuerySchema,
  snapshotRuleSchema,
  snapshotRuleUpdateSchema,
} from '../schemas/snapshot-rule.js';
import {
  vmCreateSchema,
  vmDeleteSchema,
  vmListQuerySchema,
  vmSchema,
  vmUpdateSchema,
} from '../schemas/vm.js';
import { vniListQuerySchema, vniSchema, vniUpdateSchema } from '../schemas/vni.js';
import { defineContract } from './contract.js';

const withPassword = { body: destructiveBodySchema, password: true } as const;

/** VMs (spec section 5.1; routes vmSetting, createVM). */
export const vmContract = defineContract({
  type: 'vms',
  name: 'vm',
  authority: 'compute/vm',
  entity: vmSchema,
  listQuery: vmListQuerySchema,
  create: { body: vmCreateSchema },
  update: { body: vmUpdateSchema },
  remove: { body: vmDeleteSchema, password: true },
  actions: { start: {}, stop: {}, 'force-stop': {}, reboot: {} },
  routes: { list: 'vmSetting', create: 'createVM', detail: 'vmDetail' },
  dashboardKind: 'vms',
});

/** Disks (volumes; routes diskList, createDisk). */
export const diskContract = defineContract({
  type: 'disks',
  name: 'disk',
  authority: 'compute/disk',
  entity: diskSchema,
  listQuery: diskListQuerySchema,
  create: { body: diskCreateSchema },
  update: { body: diskUpdateSchema },
  remove: withPassword,
  actions: { link: { body: diskLinkSchema }, unlink: {} },
  routes: { list: 'diskList', create: 'createDisk' },
  dashboardKind: 'disks',
});

/** A VM's network interfaces (route vni): made with their VM, renamed here. */
export const vniContract = defineContract({
  type: 'vnis',
  name: 'vni',
  authority: 'network/vni',
  entity: vniSchema,
  listQuery: vniListQuerySchema,
  update: { body: vniUpdateSchema },
  routes: { list: 'vni' },
  dashboardKind: 'vnis',
});

/** Snapshots of a VM's disks (routes snapshot, createSnapshot). */
export const snapshotContract = defineContract({
  type: 'snapshots',
  name: 'snapshot',
  authority: 'compute/snapshot',
  entity: snapshotSchema,
  listQuery: snapshotListQuerySchema,
  create: { body: snapshotCreateSchema },
  remove: withPassword,
  actions: { restore: withPassword },
  routes: { list: 'snapshot', create: 'createSnapshot' },
  dashboardKind: 'snapshots',
});

/** Snapshot schedules (routes snapshotRule, createSnapshotRule, editSnapshotRule). */
export const snapshotRuleContract = defineContract({
  type: 'snapshot-rules',
  name: 'snapshotRule',
  authority: 'compute/snapshot',
  entity: snapshotRuleSchema,
  listQuery: snapshotRuleListQuerySchema,
  create: { body: snapshotRuleCreateSchema },
  update: { body: snapshotRuleUpdateSchema },
  remove: {},
  actions: { 'add-vms': { body: snapshotRuleAddVmsSchema } },
  collectionActions: { protect: { body: snapshotRuleAddVmsSchema } },
  routes: { list: 'snapshotRule', create: 'createSnapshotRule', edit: 'editSnapshotRule' },
  dashboardKind: 'snapshotRules',
});
