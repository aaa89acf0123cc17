import { useEffect } from 'react';
import MenuItem from '@mui/material/MenuItem';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CCX_ENGINES,
  CCX_NODE_SIZES,
  type CcxCluster,
  type CcxClusterCreate,
  VpcStatus,
  ccxClusterCreateSchema,
  ccxEngine,
} from '@portal/shared';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField } from '../../components/form/form-text-field';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import {
  FormGrid,
  FormGridSpacer,
  PricePanel,
  PricedFormPage,
} from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { useVpcs } from '../vpc';
import { fieldProps } from '../../components/form/field-props';
import { ccxBase } from './ccx-base';
import { sizeText } from './ccx-format';
import { ClusterPrice } from './ccx-price';

const [FIRST] = CCX_ENGINES;
const DEFAULTS: CcxClusterCreate = {
  name: '',
  engine: FIRST.id,
  version: FIRST.versions[0],
  nodeCount: FIRST.nodeCounts[0],
  nodeSize: CCX_NODE_SIZES[0].id,
  vpcUuid: '',
};

/** The live price of what the form describes, beside it on a wide screen. */
function CreatePrice({ control }: { control: Control<CcxClusterCreate> }) {
  const { t } = useTranslation('ccx');
  const [engine, nodeSize, nodeCount] = useWatch({ control, name: ['engine', 'nodeSize', 'nodeCount'] });
  return (
    <PricePanel title={t('form.price')} note={t('form.priceNote')}>
      <ClusterPrice
        sizing={{ engine, nodeSize, nodeCount: typeof nodeCount === 'number' ? nodeCount : 0 }}
        testId="ccx-price"
      />
    </PricePanel>
  );
}

/**
 * Create a cluster (route createCCX): the engine decides the versions and node counts offered
 * (the shared catalogue, which the server checks again), a node size, an available VPC, and the
 * price as it will be charged.
 */
export function CcxCreateForm() {
  const { t } = useTranslation(['ccx', 'enums']);
  const vpcs = useVpcs();
  const { control, onSubmit, pending, setValue, getValues } = useResourceForm<CcxCluster, CcxClusterCreate>(
    ccxBase,
    { schema: ccxClusterCreateSchema, defaultValues: DEFAULTS },
  );
  const engineId = useWatch({ control, name: 'engine' });
  // The first available VPC is chosen to start with; most customers have one.
  const firstVpc = vpcs.data?.find((v) => v.status === VpcStatus.AVAILABLE)?.netUuid;
  useEffect(() => {
    if (firstVpc && getValues('vpcUuid') === '') setValue('vpcUuid', firstVpc);
  }, [firstVpc, getValues, setValue]);
  const engine = ccxEngine(engineId) ?? FIRST;

  /** A new engine keeps the version and node count only where it offers them too. */
  const chooseEngine = (id: string) => {
    const next = ccxEngine(id);
    if (!next) return;
    if (!next.versions.includes(getValues('version'))) setValue('version', next.versions[0]!);
    if (!next.nodeCounts.includes(getValues('nodeCount'))) setValue('nodeCount', next.nodeCounts[0]!);
  };

  const field = fieldProps(control, t);
  return (
    <PricedFormPage
      testId="ccx-create-form"
      onSubmit={onSubmit()}
      price={<CreatePrice control={control} />}
      actions={<FormActions def={ccxBase} pending={pending} submitLabel={t('actions.create')} />}
    >
      <FormSection title={t('form.sections.engine')}>
        <FormGrid rowGap={2}>
          <FormNameField {...field('name')} />
          <FormGridSpacer />
          <FormSelectField {...field('engine')} required>
            {CCX_ENGINES.map((e) => (
              <MenuItem key={e.id} value={e.id} onClick={() => chooseEngine(e.id)}>
                {`${e.label} · ${t(`values.kind.${e.kind}`)}`}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField {...field('version')} required>
            {engine.versions.map((v) => (
              <MenuItem key={v} value={v}>
                {`${engine.label} ${v}`}
              </MenuItem>
            ))}
          </FormSelectField>
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.nodes')}>
        <FormGrid rowGap={2}>
          <FormSelectField
            {...field('nodeCount')}
            required
            helperText={t(`form.nodeCountHint.${engine.kind}`)}
          >
            {engine.nodeCounts.map((n) => (
              <MenuItem key={n} value={n}>
                {String(n)}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField {...field('nodeSize')} required helperText={t('form.nodeSizeHint')}>
            {CCX_NODE_SIZES.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {sizeText(s.id, t)}
              </MenuItem>
            ))}
          </FormSelectField>
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.network')}>
        <FormGrid rowGap={2}>
          <FormSelectField {...field('vpcUuid', t('fields.vpcName'))} required helperText={t('form.vpcHint')}>
            {(vpcs.data ?? []).map((vpc) => (
              <MenuItem
                key={vpc.netUuid}
                value={vpc.netUuid}
                disabled={vpc.status !== VpcStatus.AVAILABLE}
                sx={{ whiteSpace: 'normal' }}
              >
                {vpc.status === VpcStatus.AVAILABLE
                  ? `${vpc.netName} (${vpc.cidrIpv4})`
                  : `${vpc.netName} (${vpc.cidrIpv4}) · ${t(`enums:vpcStatus.${vpc.status}`)}`}
              </MenuItem>
            ))}
          </FormSelectField>
        </FormGrid>
      </FormSection>
    </PricedFormPage>
  );
}
