import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DiskLink, canAttachDisk, diskLinkSchema } from '@portal/shared';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { resourceKeys } from '../../lib/api/query-keys';
import { toI18nKey } from '../../lib/i18n/message-key';
import { toast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { useDisks } from './disk-choices';
import { linkDisk, useVm } from './disk-api';

/**
 * The VM storage tab's "attach a disk": one of the free disks, to the VM the tab belongs to. The
 * same shared rule as the disk list's link action says which disks fit and why not.
 */
export function DiskAttachDialog({
  fixed,
  onClose,
}: {
  fixed: Readonly<Record<string, string>>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['disk', 'apiError']);
  const client = useQueryClient();
  const vm = useVm(fixed.vmUuid);
  const disks = useDisks({ attached: 'no' });
  // The disk is chosen by uuid; the field reuses the link body's shape and rule (required).
  const { control, handleSubmit } = useForm<DiskLink>({
    resolver: zodResolver(diskLinkSchema),
    defaultValues: { vmUuid: '' },
  });
  const submit = async ({ vmUuid: diskUuid }: DiskLink) => {
    const disk = disks.data?.find((d) => d.uuid === diskUuid);
    if (!disk || !vm.data) return;
    try {
      await linkDisk(disk, vm.data.uuid);
      toast.success('disk.toasts.link', { name: disk.diskName });
      onClose();
    } catch {
      // The api client has shown the refusal.
    } finally {
      void client.invalidateQueries({ queryKey: resourceKeys('/disks').all });
      void client.invalidateQueries({ queryKey: resourceKeys('/vms').all });
    }
  };
  const free = disks.data ?? [];
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.attach.title', { name: vm.data?.name ?? '' })}
      submitLabel={t('actions.link')}
      onSubmit={handleSubmit(submit)}
      onCancel={onClose}
      disabled={!vm.data}
      testId="disk-attach-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dialogs.attach.body')}</DialogContentText>
      {disks.isSuccess && free.length === 0 ? (
        <Alert severity="info">{t('dialogs.attach.none')}</Alert>
      ) : (
        <FormSelectField {...field('vmUuid', t('fields.disk'))} required>
          {free.map((disk) => {
            const rule = vm.data ? canAttachDisk(disk, vm.data, vm.data.dataDiskCount) : true;
            return (
              <MenuItem
                key={disk.uuid}
                value={disk.uuid}
                disabled={rule !== true}
                sx={{ whiteSpace: 'normal' }}
              >
                {`${disk.diskName} · ${disk.diskSize} GB`}
                {rule === true ? '' : ` · ${t(toI18nKey(`apiError.${rule}`))}`}
              </MenuItem>
            );
          })}
        </FormSelectField>
      )}
    </FormDialog>
  );
}
