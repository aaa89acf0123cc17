import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type CcxType,
  type CloudExchange,
  type CloudExchangeCreate,
  PAIR_KEY_EXAMPLES,
  canOrderExchangeOn,
  cloudExchangeCreateSchema,
  exchangeMonthlyEstimate,
  parseEnumValue,
  CcxType as CcxTypes,
} from '@portal/shared';
import { enumMenuItems } from '../../components/form/enum-menu-items';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { exchangeBase } from './exchange-base';
import { ruleMenuItems } from '../../components/form/rule-menu-items';

/**
 * Order a connection (route createExCloud, `?ccxType=` preselects the provider): the provider, the
 * VPC it leaves from and the pair key the other side issued, checked against that provider's
 * format as it is typed, and what the connection's port costs a month. Saved, it goes to the
 * provider's tab, where it shows ordering until done.
 */
export function ExchangeCreateForm() {
  const { t } = useTranslation(['exCloud', 'apiError', 'enums', 'resource']);
  const prices = usePriceCodes();
  const [params] = useSearchParams();
  const vpcs = useVpcs();
  const preset = parseEnumValue(CcxTypes, params.get('ccxType')) ?? CcxTypes.AWS;
  const { control, onSubmit, pending, trigger, getValues } = useResourceForm<
    CloudExchange,
    CloudExchangeCreate
  >(exchangeBase, {
    schema: cloudExchangeCreateSchema,
    defaultValues: { ccxType: preset, vpcUuid: '', pairKey: '' },
  });
  const ccxType = useWatch({ control, name: 'ccxType' }) as CcxType;
  useEffect(() => {
    // A key typed for one provider is checked again when another is chosen.
    if (getValues('pairKey')) void trigger('pairKey');
  }, [ccxType, getValues, trigger]);

  return (
    <FormPage testId="exchange-create-form" onSubmit={onSubmit()}>
      <FormSection title={t('form.sections.connection')}>
        <FormGrid>
          <FormSelectField control={control} name="ccxType" label={t('fields.ccxType')} required>
            {enumMenuItems('ccxType', t)}
          </FormSelectField>
          <FormSelectField
            control={control}
            name="vpcUuid"
            label={t('fields.vpcName')}
            required
            helperText={t('form.vpcHint')}
          >
            {ruleMenuItems(vpcs.data, {
              value: (vpc) => vpc.netUuid,
              label: (vpc) => vpc.netName,
              allowedLabel: (vpc) => `${vpc.netName} (${vpc.cidrIpv4})`,
              rule: (vpc) => canOrderExchangeOn({ status: vpc.status, pendingOperation: null }),
              t,
            })}
          </FormSelectField>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormTextField
              control={control}
              name="pairKey"
              label={t(`form.pairKeyLabel.${ccxType}`)}
              required
              autoComplete="off"
              htmlInput={{ spellCheck: false }}
              helperText={t(`form.pairKeyHint.${ccxType}`, { example: PAIR_KEY_EXAMPLES[ccxType] })}
            />
          </Box>
        </FormGrid>
      </FormSection>
      <PriceSection>
        <PriceChange
          after={{
            estimate: prices.data && exchangeMonthlyEstimate(prices.data),
            note: t('form.priceNote'),
          }}
          testId="exchange-price"
        />
      </PriceSection>
      <FormActions def={exchangeBase} pending={pending} submitLabel={t('actions.create')} />
    </FormPage>
  );
}
