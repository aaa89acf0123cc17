import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type Snapshot,
  type SnapshotCreate,
  canSnapshotVm,
  snapshotCreateSchema,
  snapshotMonthlyEstimate,
} from '@portal/shared';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField } from '../../components/form/form-text-field';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { useDisks } from '../disk';
import { usePriceCodes } from '../products';
import { useVmChoices } from '../vm';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { snapshotBase } from './snapshot-base';
import { ruleMenuItems } from '../../components/form/rule-menu-items';

/** A name people can read later: the VM's and the day, `web-1-2026-11-25`. */
const suggestedName = (vmName: string) => `${vmName}-${new Date().toISOString().slice(0, 10)}`;

/**
 * What the snapshot of a VM will cost a month: the GB of all its disks (what the server holds
 * when it takes it) at the price list's snapshot storage.
 */
function SnapshotPrice({ vmUuid }: { vmUuid: string }) {
  const { t } = useTranslation('snapshot');
  const { can } = usePermissions();
  const prices = usePriceCodes();
  const disks = useDisks({ vmUuid }, Boolean(vmUuid));
  if (!vmUuid) return <Typography color="text.secondary">{t('form.priceChooseVm')}</Typography>;
  if (!can('compute/disk')) return <Typography color="text.secondary">{t('form.priceHidden')}</Typography>;
  const size = disks.data?.reduce((sum, d) => sum + d.diskSize, 0);
  const estimate = prices.data && size !== undefined ? snapshotMonthlyEstimate(prices.data, size) : undefined;
  return (
    <PriceChange
      after={{
        estimate,
        note: disks.data && t('form.priceNote', { size }),
      }}
      testId="snapshot-price"
    />
  );
}

/** Take a snapshot (route createSnapshot): a VM (`?vm=` preselects one) and a name; its monthly price. */
export function SnapshotCreateForm() {
  const { t } = useTranslation(['snapshot', 'apiError', 'resource']);
  const vms = useVmChoices();
  const [params] = useSearchParams();
  const { control, onSubmit, pending, setValue, getValues } = useResourceForm<Snapshot, SnapshotCreate>(
    snapshotBase,
    { schema: snapshotCreateSchema, defaultValues: { name: '', vmUuid: params.get('vm') ?? '' } },
  );
  const vmUuid = useWatch({ control, name: 'vmUuid' });
  const preset = vms.data?.find((vm) => vm.uuid === params.get('vm'));
  useEffect(() => {
    if (preset && getValues('name') === '') setValue('name', suggestedName(preset.name));
  }, [preset, getValues, setValue]);

  return (
    <FormPage testId="snapshot-create-form" onSubmit={onSubmit()}>
      <FormSection title={t('form.sections.snapshot')}>
        <FormGrid>
          <FormSelectField
            control={control}
            name="vmUuid"
            label={t('fields.vm')}
            required
            helperText={t('form.vmHint')}
          >
            {ruleMenuItems(vms.data, {
              value: (vm) => vm.uuid,
              label: (vm) => vm.name,
              rule: canSnapshotVm,
              t,
              onPick: (vm) => {
                if (getValues('name') === '') setValue('name', suggestedName(vm.name));
              },
            })}
          </FormSelectField>
          <FormNameField control={control} name="name" label={t('fields.name')} />
        </FormGrid>
      </FormSection>
      <PriceSection>
        <SnapshotPrice vmUuid={vmUuid} />
      </PriceSection>
      <FormActions def={snapshotBase} pending={pending} submitLabel={t('actions.create')} />
    </FormPage>
  );
}
