import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type FieldErrors, type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DiskSpeed,
  RESOURCE_NAME_MAX,
  ROOT_DISK_MIN_GB,
  type Snapshot,
  type Vm,
  type VmCreate,
  canPlaceVmInVpc,
  isRootDiskSize,
  newVmMonthlyEstimate,
  vmCreateSchema,
  vmFromSnapshotProblems,
} from '@portal/shared';
import { EstimateLines } from '../../components/estimate-lines';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormNameField, FormTextField } from '../../components/form/form-text-field';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import {
  FormGrid,
  FormGridSpacer,
  PricePanel,
  PricedFormPage,
} from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { fieldProps } from '../../components/form/field-props';
import { useTemplates } from './vm-api';
import { vmBase } from './vm-base';
import { VmDataDisks } from './vm-data-disks';
import { VmFirewallPicker } from './vm-firewall-picker';
import { VmOsPicker } from './vm-os-picker';
import { VmSizingFields } from './vm-sizing';
import { enumMenuItems } from '../../components/form/enum-menu-items';

const DEFAULTS: VmCreate = {
  name: '',
  templateUUID: '',
  cpuCore: 2,
  ramSize: 4,
  rootDiskSize: ROOT_DISK_MIN_GB,
  rootDiskSpeed: DiskSpeed.SSD,
  dataDisks: [],
  vpcUuid: '',
  firewallUuids: [],
  isAutoAssignPublicIP: true,
  hypervisorId: '',
  enableAutoRecover: true,
  enableTerminationProtection: false,
  enableStopProtection: false,
};

const asNumber = (v: unknown) => (typeof v === 'number' ? v : 0);

/** The live monthly price of what the form describes, line by line, from the price list. */
function VmPrice({ control, licensed }: { control: Control<VmCreate>; licensed: boolean }) {
  const { t } = useTranslation('vm');
  const prices = usePriceCodes();
  const v = useWatch({ control });
  const estimate =
    prices.data &&
    newVmMonthlyEstimate(prices.data, {
      cpuCore: asNumber(v.cpuCore),
      ramSize: asNumber(v.ramSize),
      licensed,
      publicIp: v.isAutoAssignPublicIP ?? true,
      disks: [
        { diskSize: asNumber(v.rootDiskSize), diskSpeed: asNumber(v.rootDiskSpeed) },
        ...(v.dataDisks ?? []).map((d) => ({
          diskSize: asNumber(d?.diskSize),
          diskSpeed: asNumber(d?.diskSpeed),
        })),
      ],
    });
  return (
    <PricePanel title={t('form.price')} note={t('form.priceNote')}>
      <EstimateLines estimate={estimate} testId="vm-price" />
    </PricePanel>
  );
}

/** A snapshot's VM as the form's starting point: its image, size and disks. */
function fromSnapshot(snapshot: Snapshot): VmCreate {
  const [root, ...data] = snapshot.disks;
  return {
    ...DEFAULTS,
    name: `${snapshot.vmName.slice(0, RESOURCE_NAME_MAX - 5)}-copy`,
    templateUUID: snapshot.templateUUID,
    cpuCore: snapshot.cpuCore,
    ramSize: snapshot.ramSize,
    rootDiskSize: root?.sizeGb ?? ROOT_DISK_MIN_GB,
    rootDiskSpeed: root?.speed ?? DiskSpeed.SSD,
    dataDisks: data.map((d) => ({ diskSize: d.sizeGb, diskSpeed: d.speed })),
  };
}

/** The shared schema, and for a VM made from a snapshot its disks no smaller than the snapshot's. */
function resolverFor(snapshot: Snapshot | undefined): Resolver<VmCreate> {
  const schema = zodResolver(vmCreateSchema) as unknown as Resolver<VmCreate>;
  if (!snapshot) return schema;
  return async (values, context, options) => {
    const result = await schema(values, context, options);
    const problems = vmFromSnapshotProblems(
      {
        rootDiskSize: asNumber(values.rootDiskSize),
        dataDisks: (values.dataDisks ?? []).map((d) => ({ diskSize: asNumber(d.diskSize) })),
      },
      snapshot.disks,
    );
    if (Object.keys(problems).length === 0) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [path, message] of Object.entries(problems)) {
      const error = { type: 'snapshot', message };
      const [field, index, leaf] = path.split('.');
      if (index === undefined) errors[field!] = field === 'dataDisks' ? { root: error } : error;
      else {
        const list = [...((errors.dataDisks as unknown[] | undefined) ?? [])];
        list[Number(index)] = { ...(list[Number(index)] as object), [leaf!]: error };
        errors.dataDisks = list;
      }
    }
    return { values: {}, errors: errors as FieldErrors<VmCreate> };
  };
}

/**
 * Create a VM (route createVM): every create field of spec section 3, with the live price. Given
 * a snapshot (/createSnapshotToNewVM), the VM starts from it: its image, and its disks at least.
 */
export function VmCreateForm({ snapshot }: { snapshot?: Snapshot }) {
  const { t } = useTranslation(['vm', 'enums']);
  const allTemplates = useTemplates();
  const vpcs = useVpcs();
  const { control, onSubmit, pending, setValue } = useResourceForm<Vm, VmCreate>(vmBase, {
    resolver: resolverFor(snapshot),
    defaultValues: snapshot ? fromSnapshot(snapshot) : DEFAULTS,
  });
  // A VM from a snapshot boots the snapshot's image: it is the only choice.
  const templates = snapshot
    ? { data: allTemplates.data?.filter((x) => x.uuid === snapshot.templateUUID) }
    : allTemplates;
  const [cpu, vpcUuid, templateUUID] = useWatch({ control, name: ['cpuCore', 'vpcUuid', 'templateUUID'] });
  const licensed = templates.data?.find((x) => x.uuid === templateUUID)?.licensed ?? false;

  const field = fieldProps(control, t);
  return (
    <PricedFormPage
      testId="vm-create-form"
      onSubmit={onSubmit((values) => ({
        ...values,
        hypervisorId: values.hypervisorId || undefined,
        snapshotUuid: snapshot?.uuid,
      }))}
      price={<VmPrice control={control} licensed={licensed} />}
      actions={<FormActions def={vmBase} pending={pending} submitLabel={t('actions.create')} />}
    >
      <FormSection title={t('form.sections.basics')}>
        <FormGrid>
          <FormNameField {...field('name')} />
          <FormGridSpacer />
          <VmOsPicker templates={templates.data ?? []} control={control} setValue={setValue} />
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.size')}>
        <FormGrid>
          <VmSizingFields control={control} cpu={cpu} />
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.storage')}>
        <FormGrid>
          <FormNumberField {...field('rootDiskSize')} rule={isRootDiskSize} required />
          <FormSelectField {...field('rootDiskSpeed')}>{enumMenuItems('diskSpeed', t)}</FormSelectField>
        </FormGrid>
        <VmDataDisks control={control} />
      </FormSection>
      <FormSection title={t('form.sections.network')}>
        <FormGrid>
          <FormSelectField {...field('vpcUuid', t('fields.vpc'))} required>
            {(vpcs.data ?? []).map((vpc) => {
              // A VPC the cloud has not made yet (or is deleting) is shown, off, with the reason.
              const placeable = canPlaceVmInVpc(vpc);
              return (
                <MenuItem
                  key={vpc.netUuid}
                  value={vpc.netUuid}
                  disabled={placeable !== true}
                  onClick={() => setValue('firewallUuids', [])}
                >
                  {`${vpc.netName} (${vpc.cidrIpv4})`}
                  {placeable !== true && ` · ${t(`apiError:${placeable}`)}`}
                </MenuItem>
              );
            })}
          </FormSelectField>
          <FormSwitchField {...field('isAutoAssignPublicIP')} on={true} off={false} />
        </FormGrid>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          {t('fields.firewalls')}
        </Typography>
        <VmFirewallPicker control={control} vpcUuid={vpcUuid || undefined} />
      </FormSection>
      <FormSection title={t('form.sections.advanced')}>
        <FormGrid>
          <FormTextField
            {...field('hypervisorId')}
            helperText={t('form.hypervisorHint')}
            autoComplete="off"
          />
        </FormGrid>
        <Stack>
          <FormSwitchField {...field('enableAutoRecover')} on={true} off={false} />
          <FormSwitchField {...field('enableTerminationProtection')} on={true} off={false} />
          <FormSwitchField {...field('enableStopProtection')} on={true} off={false} />
        </Stack>
      </FormSection>
    </PricedFormPage>
  );
}
