import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Disk,
  type DiskLink,
  type DiskUpdate,
  DiskSpeed,
  canAttachDisk,
  canResizeDisk,
  diskLinkSchema,
  diskMonthlyEstimate,
  diskUpdateSchema,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { PriceChange } from '../../components/price-change';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { usePriceCodes } from '../products';
import { useVmChoices } from '../vm';
import { enumMenuItems } from '../../components/form/enum-menu-items';
import { ruleMenuItems } from '../../components/form/rule-menu-items';
import { fieldProps } from '../../components/form/field-props';

/** The disk's monthly price now and as `change` would make it, from the one price list. */
function DiskPriceChange({
  disk,
  change,
  nextTitle,
}: {
  disk: Disk;
  change: { diskSize?: number; diskSpeed?: number };
  nextTitle?: string;
}) {
  const prices = usePriceCodes();
  const price = (d: { diskSize: number; diskSpeed: number }) =>
    prices.data && diskMonthlyEstimate(prices.data, d);
  return (
    <PriceChange
      before={{ estimate: price(disk) }}
      after={{ title: nextTitle, estimate: price({ ...disk, ...change }) }}
      testId="disk-price"
    />
  );
}

/** A larger size: a volume only grows (UNABLE_TO_REDUCE_DISK_SIZE), online; its price before and after. */
export function DiskResizeDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Disk, DiskUpdate>) {
  const { t } = useTranslation(['disk', 'apiError']);
  const disk = rows[0] as Disk;
  const form = useDialogForm<{ diskSize: number }>({
    schema: diskUpdateSchema,
    defaultValues: { diskSize: disk.diskSize },
    fields: ['diskSize'],
    submit: (values): Promise<unknown> | void => {
      const rule = canResizeDisk(disk, values.diskSize);
      if (rule !== true) return form.setError('diskSize', { message: `apiError.${rule}` });
      return onSubmit(values);
    },
  });
  const { control, onSubmit: submit } = form;
  const size = useWatch({ control, name: 'diskSize' });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.resize.title', { name: disk.diskName })}
      submitLabel={t('actions.resize')}
      onSubmit={submit}
      onCancel={onCancel}
      disabled={size === disk.diskSize}
      maxWidth="md"
      testId="disk-resize-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('dialogs.resize.body', { size: disk.diskSize })}
      </DialogContentText>
      <FormNumberField {...field('diskSize', t('fields.newSize'))} autoFocus required />
      <DiskPriceChange disk={disk} change={{ diskSize: typeof size === 'number' ? size : 0 }} />
    </FormDialog>
  );
}

/**
 * Another volume type: it takes days, the disk stays usable, and a mail says when it is done; its
 * price before and after.
 */
export function DiskRetypeDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Disk, DiskUpdate>) {
  const { t } = useTranslation(['disk', 'enums']);
  const disk = rows[0] as Disk;
  const other = disk.diskSpeed === DiskSpeed.SSD ? DiskSpeed.HDD : DiskSpeed.SSD;
  const { control, handleSubmit } = useForm<{ diskSpeed: number }>({ defaultValues: { diskSpeed: other } });
  const speed = useWatch({ control, name: 'diskSpeed' });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.retype.title', { name: disk.diskName })}
      submitLabel={t('actions.retype')}
      onSubmit={handleSubmit((values) =>
        onSubmit({ diskSpeed: values.diskSpeed as DiskUpdate['diskSpeed'] }).catch(() => undefined),
      )}
      onCancel={onCancel}
      disabled={speed === disk.diskSpeed}
      maxWidth="md"
      testId="disk-retype-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t('dialogs.retype.current', { type: t(`enums:diskSpeed.${disk.diskSpeed}`) })}
      </DialogContentText>
      <FormSelectField {...field('diskSpeed', t('fields.newType'))}>
        {enumMenuItems('diskSpeed', t, (speed) => speed === disk.diskSpeed)}
      </FormSelectField>
      <Alert severity="info" sx={{ mt: 1, mb: 2 }}>
        {t('dialogs.retype.body')}
      </Alert>
      <DiskPriceChange disk={disk} change={{ diskSpeed: speed }} nextTitle={t('dialogs.retype.priceNext')} />
    </FormDialog>
  );
}

/** Link the disk to a VM: each VM that cannot take it shows why (stopped, fewer than 3 data disks). */
export function DiskLinkDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Disk, DiskLink>) {
  const { t } = useTranslation(['disk', 'apiError']);
  const disk = rows[0] as Disk;
  const vms = useVmChoices();
  const { control, onSubmit: submit } = useDialogForm<DiskLink>({
    schema: diskLinkSchema,
    defaultValues: { vmUuid: '' },
    fields: ['vmUuid'],
    submit: onSubmit,
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.link.title', { name: disk.diskName })}
      submitLabel={t('actions.link')}
      onSubmit={submit}
      onCancel={onCancel}
      testId="disk-link-dialog"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dialogs.link.body')}</DialogContentText>
      <FormSelectField {...field('vmUuid', t('fields.vm'))} required>
        {ruleMenuItems(vms.data, {
          value: (vm) => vm.uuid,
          label: (vm) => vm.name,
          rule: (vm) => canAttachDisk(disk, vm, vm.dataDiskCount),
          t,
        })}
      </FormSelectField>
    </FormDialog>
  );
}
