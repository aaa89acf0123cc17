import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AddLink from '@mui/icons-material/AddLink';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import OpenInFull from '@mui/icons-material/OpenInFull';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import {
  type Disk,
  type DiskLink,
  type DiskUpdate,
  DiskSpeed,
  canDeleteDisk,
  canDetachDisk,
  canResizeDisk,
  canRetypeDisk,
  enumValues,
  routePath,
} from '@portal/shared';
import { RowLink } from '../../components/resource-kit/row-link';
import { statusColumn } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { attachedVm, canLinkSomewhere, updateDisk } from './disk-api';
import { DiskAttachDialog } from './disk-attach-dialog';
import { diskBase, diskStatus } from './disk-base';
import { DiskCreateForm } from './disk-create-form';
import { DiskLinkDialog, DiskResizeDialog, DiskRetypeDialog } from './disk-dialogs';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** The disk (volume) resource (spec sections 2-5): list, create, resize, change type, link, delete. */
/** The state of the VM a disk is on, in words; empty when the answer has none (a free disk). */
const vmStatusText = (disk: Disk, t: TFunction) =>
  disk.vmStatus === null ? '' : t(`enums:vmStatus.${disk.vmStatus}`);

export const diskResource: ResourceDefinition<Disk> = {
  ...diskBase,
  busy: diskStatus.busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'diskName',
      sortable: true,
      name: (disk) => disk.diskName,
      caption: (disk, { phone, t }) => [
        disk.isRoot && t('values.root'),
        phone && `${disk.diskSize} GB`,
        phone && t(`enums:diskSpeed.${disk.diskSpeed}`),
      ],
    }),
    {
      id: 'diskSize',
      label: 'fields.size',
      sortable: true,
      align: 'right',
      cell: (disk) => `${disk.diskSize} GB`,
      text: (d) => String(d.diskSize),
    },
    {
      id: 'diskSpeed',
      cell: (disk, { t }) => t(`enums:diskSpeed.${disk.diskSpeed}`),
      text: (disk, { t }) => t(`enums:diskSpeed.${disk.diskSpeed}`),
    },
    statusColumn(diskStatus, { sortable: true }),
    {
      id: 'vmName',
      label: 'fields.vm',
      nowrap: true,
      hiddenWhenFixed: 'vmUuid',
      // The VM and its state (the spec's list fields): whether it runs decides what a disk may do.
      cell: (disk, { t }) =>
        disk.vmUuid ? (
          <Box sx={{ minWidth: 0 }}>
            <RowLink to={routePath('vmDetail', { uuid: disk.vmUuid })}>{disk.vmName ?? disk.vmUuid}</RowLink>
            {disk.vmStatus !== null && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                data-testid="disk-vm-status"
              >
                {vmStatusText(disk, t)}
              </Typography>
            )}
          </Box>
        ) : (
          '—'
        ),
      text: (disk, { t }) =>
        disk.vmName ? [disk.vmName, vmStatusText(disk, t)].filter(Boolean).join(' · ') : '',
    },
    dateColumn<Disk>('createdAt'),
  ],
  filters: [
    {
      id: 'attached',
      hiddenWhenFixed: 'vmUuid',
      options: (t) => [
        { value: 'yes', label: t('disk:values.attached') },
        { value: 'no', label: t('disk:values.free') },
      ],
    },
    {
      id: 'diskSpeed',
      options: (t) =>
        enumValues(DiskSpeed).map((s) => ({ value: String(s), label: t(`enums:diskSpeed.${s}`) })),
    },
  ],
  actions: [
    defineAction<Disk, DiskUpdate>({
      id: 'resize',
      icon: <OpenInFull fontSize="small" />,
      primary: true,
      allowed: (disk) => canResizeDisk(disk, disk.diskSize),
      confirm: DiskResizeDialog,
      run: updateDisk,
    }),
    defineAction<Disk, DiskUpdate>({
      id: 'retype',
      icon: <SwapHoriz fontSize="small" />,
      allowed: canRetypeDisk,
      confirm: DiskRetypeDialog,
      run: updateDisk,
    }),
    defineAction<Disk, DiskLink>({
      id: 'link',
      icon: <LinkIcon fontSize="small" />,
      primary: true,
      allowed: canLinkSomewhere,
      confirm: DiskLinkDialog,
    }),
    {
      id: 'unlink',
      icon: <LinkOff fontSize="small" />,
      allowed: (disk) => canDetachDisk(disk, attachedVm(disk)),
      confirm: 'confirm',
    },
    deleteAction<Disk>({ allowed: canDeleteDisk }),
  ],
  listActions: [
    {
      id: 'attach',
      icon: <AddLink fontSize="small" />,
      visible: (fixed) => Boolean(fixed.vmUuid),
      dialog: DiskAttachDialog,
    },
  ],
  createForm: DiskCreateForm,
};
