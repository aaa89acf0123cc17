import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Disk,
  type DiskCreate,
  DiskSpeed,
  DiskStatus,
  canAttachDisk,
  diskCreateSchema,
  diskMonthlyEstimate,
  isDataDiskSize,
} from '@portal/shared';
import { EstimateLines } from '../../components/estimate-lines';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField } from '../../components/form/form-text-field';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { usePriceCodes } from '../products';
import { useVmChoices } from '../vm';
import { fieldProps } from '../../components/form/field-props';
import { diskBase } from './disk-base';
import { enumMenuItems } from '../../components/form/enum-menu-items';
import { ruleMenuItems } from '../../components/form/rule-menu-items';

const DEFAULTS: DiskCreate = { diskName: '', diskSize: 100, diskSpeed: DiskSpeed.SSD, vmUuid: '' };

/** A disk about to be created, as the attach rule sees it: free, ready, a data disk. */
const NEW_DISK = {
  status: DiskStatus.READY,
  pendingOperation: null,
  isRoot: false,
  vmUuid: null,
  diskSize: 0,
};

/** Create a disk (route createDisk): name, size, type, and optionally a stopped VM to attach it to. */
export function DiskCreateForm() {
  const { t } = useTranslation(['disk', 'enums', 'apiError']);
  const vms = useVmChoices();
  const prices = usePriceCodes();
  const { control, onSubmit, pending } = useResourceForm<Disk, DiskCreate>(diskBase, {
    schema: diskCreateSchema,
    defaultValues: DEFAULTS,
  });
  const [size, speed] = useWatch({ control, name: ['diskSize', 'diskSpeed'] });
  const estimate =
    prices.data &&
    diskMonthlyEstimate(prices.data, {
      diskSize: typeof size === 'number' ? size : 0,
      diskSpeed: typeof speed === 'number' ? speed : DiskSpeed.SSD,
    });
  const field = fieldProps(control, t);
  return (
    <FormPage
      testId="disk-create-form"
      onSubmit={onSubmit((values) => ({ ...values, vmUuid: values.vmUuid || undefined }))}
    >
      <FormSection title={t('form.sections.disk')}>
        <FormGrid>
          <FormNameField {...field('diskName')} />
          <FormNumberField {...field('diskSize')} rule={isDataDiskSize} required />
          <FormSelectField {...field('diskSpeed')}>{enumMenuItems('diskSpeed', t)}</FormSelectField>
          <FormSelectField
            {...field('vmUuid', t('fields.attachTo'))}
            helperText={t('form.attachHint')}
            emptyIsChoice
          >
            <MenuItem value="">{t('form.noVm')}</MenuItem>
            {ruleMenuItems(vms.data, {
              value: (vm) => vm.uuid,
              label: (vm) => vm.name,
              rule: (vm) => canAttachDisk(NEW_DISK, vm, vm.dataDiskCount),
              t,
            })}
          </FormSelectField>
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.price')}>
        <EstimateLines estimate={estimate} testId="disk-price" />
      </FormSection>
      <FormActions def={diskBase} pending={pending} submitLabel={t('actions.create')} />
    </FormPage>
  );
}
