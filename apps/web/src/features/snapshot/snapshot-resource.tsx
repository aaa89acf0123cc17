import Typography from '@mui/material/Typography';
import AddToQueue from '@mui/icons-material/AddToQueue';
import SettingsBackupRestore from '@mui/icons-material/SettingsBackupRestore';
import {
  type DestructiveBody,
  type Snapshot,
  canCreateVmFromSnapshot,
  canRestoreSnapshot,
  canDeleteSnapshot,
  isVmTransitional,
  routePath,
} from '@portal/shared';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { RowLink } from '../../components/resource-kit/row-link';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { snapshotBase, snapshotStatus } from './snapshot-base';
import { SnapshotCreateForm } from './snapshot-create-form';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** The restore's rule, with the VM's status as the list knows it (the server decides again). */
const canRestoreHere = (s: Snapshot) =>
  canRestoreSnapshot(s, s.vmStatus === null ? null : { status: s.vmStatus, pendingOperation: null });

/**
 * The list asks again while the cloud works on a snapshot, or on its VM: a restore waits for the
 * VM to stop, and is offered once it has.
 */
const busy = (s: Snapshot) => snapshotStatus.busy(s) || (s.vmStatus !== null && isVmTransitional(s.vmStatus));

/** Snapshots (spec sections 3-5): list, take, restore onto the VM, make a new VM, delete. */
export const snapshotResource: ResourceDefinition<Snapshot> = {
  ...snapshotBase,
  busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'name',
      sortable: true,
      name: (s) => s.name,
      caption: (s, { phone, t, language }) => [
        phone && s.vmName,
        phone && `${s.snapshotSizes} GB`,
        phone && formatDateTime(s.createDate, language),
        s.policyName ? t('values.byRule', { rule: s.policyName }) : t('values.byHand'),
      ],
    }),
    statusColumn(snapshotStatus, { sortable: true }),
    {
      id: 'vmName',
      label: 'fields.vm',
      nowrap: true,
      hiddenWhenFixed: 'vmUuid',
      cell: (s, { t }) =>
        s.vmUuid ? (
          <RowLink to={routePath('vmDetail', { uuid: s.vmUuid })}>{s.vmName}</RowLink>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('values.vmGone', { name: s.vmName })}
          </Typography>
        ),
      text: (s) => s.vmName,
    },
    {
      id: 'snapshotSizes',
      sortable: true,
      align: 'right',
      cell: (s) => `${s.snapshotSizes} GB`,
      text: (s) => String(s.snapshotSizes),
    },
    { id: 'diskQty', align: 'right', from: 'lg' },
    dateColumn<Snapshot>('createDate'),
  ],
  filters: [statusFilter(snapshotStatus)],
  actions: [
    defineAction<Snapshot, DestructiveBody>({
      id: 'restore',
      icon: <SettingsBackupRestore fontSize="small" />,
      primary: true,
      allowed: canRestoreHere,
      // The VM's disks are overwritten, and what was written since is lost: asked plainly.
      confirm: 'password',
      warning: true,
      dialogValues: ([s], language) => ({
        vm: s!.vmName,
        date: formatDateTime(s!.createDate, language),
        count: s!.diskQty,
      }),
    }),
    {
      id: 'newVm',
      icon: <AddToQueue fontSize="small" />,
      primary: true,
      authority: 'compute/vm/manage',
      allowed: canCreateVmFromSnapshot,
      link: (s) => `${routePath('createSnapshotToNewVM')}?snapshot=${encodeURIComponent(s.uuid)}`,
    },
    deleteAction<Snapshot>({ allowed: canDeleteSnapshot }),
  ],
  createForm: SnapshotCreateForm,
};
