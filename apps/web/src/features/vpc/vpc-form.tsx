import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ChargeMode,
  RouteLevel,
  VPC_BANDWIDTH_MAX,
  VPC_BANDWIDTH_MIN,
  type Vpc,
  type VpcCreate,
  enumValues,
  integerInRange,
  isVpcCidr,
  vpcCreateSchema,
  vpcMonthlyEstimate,
  vpcUpdateSchema,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField, FormTextField } from '../../components/form/form-text-field';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { usePriceCodes } from '../products';
import { fieldProps } from '../../components/form/field-props';
import { vpcBase } from './vpc-base';

const isBandwidth = integerInRange(VPC_BANDWIDTH_MIN, VPC_BANDWIDTH_MAX);

/**
 * Create (createVPCNets) or edit (editVPCNets/{netId}) a VPC: name, range (fixed once made),
 * bandwidth 1-500 Mbps, route level, charge mode, and the monthly price they make (before and after
 * an edit). The range's overlap with another VPC is the server's to say (VPC_ALREADY_EXISTS, put on
 * the field).
 */
export function VpcForm({ row }: { row?: Vpc }) {
  const { t } = useTranslation(['vpc', 'enums', 'resource']);
  const prices = usePriceCodes();
  const { control, onSubmit, pending } = useResourceForm<Vpc, VpcCreate, Partial<VpcCreate>>(vpcBase, {
    row,
    schema: row ? vpcUpdateSchema : vpcCreateSchema,
    defaultValues: row
      ? {
          netName: row.netName,
          cidrIpv4: row.cidrIpv4,
          bandwidthLimit: row.bandwidthLimit,
          routeLevel: row.routeLevel,
          chargeMode: row.chargeMode,
        }
      : {
          netName: '',
          cidrIpv4: '',
          bandwidthLimit: 100,
          routeLevel: RouteLevel.PROFESSIONAL,
          chargeMode: ChargeMode.FIXED,
        },
  });
  const [bandwidthLimit, routeLevel, chargeMode] = useWatch({
    control,
    name: ['bandwidthLimit', 'routeLevel', 'chargeMode'],
  });
  const price = (vpc: Pick<Vpc, 'bandwidthLimit' | 'routeLevel' | 'chargeMode'>) =>
    prices.data && vpcMonthlyEstimate(prices.data, vpc);
  const field = fieldProps(control, t);
  return (
    <FormPage
      testId="vpc-form"
      onSubmit={onSubmit((values) => {
        if (!row) return values;
        const { cidrIpv4: _fixed, ...changes } = values;
        return changes;
      })}
    >
      <FormSection title={t('form.sections.network')}>
        <FormGrid>
          <FormNameField {...field('netName')} />
          <FormTextField
            {...field('cidrIpv4')}
            rule={isVpcCidr}
            helperText={row ? t('form.cidrFixed') : t('form.cidrHint')}
            required
            disabled={Boolean(row)}
            autoComplete="off"
            placeholder="10.1.0.0/16"
          />
        </FormGrid>
      </FormSection>
      <FormSection title={t('form.sections.bandwidth')}>
        <FormGrid>
          <FormNumberField
            {...field('bandwidthLimit')}
            rule={isBandwidth}
            helperText={t('form.bandwidthHint', { min: VPC_BANDWIDTH_MIN, max: VPC_BANDWIDTH_MAX })}
            required
          />
          <FormSelectField {...field('routeLevel')} required>
            {enumValues(RouteLevel).map((v) => (
              <MenuItem key={v} value={v}>
                {t(`enums:routeLevel.${v}`)}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormSelectField {...field('chargeMode')} required>
            {enumValues(ChargeMode).map((v) => (
              <MenuItem key={v} value={v}>
                {t(`enums:chargeMode.${v}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        </FormGrid>
      </FormSection>
      <PriceSection>
        <PriceChange
          before={row && { estimate: price(row) }}
          after={{
            estimate: price({
              bandwidthLimit: typeof bandwidthLimit === 'number' ? bandwidthLimit : 0,
              routeLevel,
              chargeMode,
            }),
          }}
          testId="vpc-price"
        />
      </PriceSection>
      <FormActions def={vpcBase} pending={pending} submitLabel={t(row ? 'actions.save' : 'actions.create')} />
    </FormPage>
  );
}

export const VpcCreateForm = () => <VpcForm />;
