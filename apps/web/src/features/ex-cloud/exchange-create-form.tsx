import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  type CcxType,
  type CloudExchangeCreate,
  PAIR_KEY_EXAMPLES,
  canOrderExchangeOn,
  cloudExchangeCreateSchema,
  exchangeMonthlyEstimate,
  exCloudTabOf,
  parseEnumValue,
  routePath,
  CcxType as CcxTypes,
} from '@portal/shared';
import { enumMenuItems } from '../../components/form/enum-menu-items';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { useResourceMutation } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { createExchange } from './exchange-api';
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
  const navigate = useNavigate();
  const vpcs = useVpcs();
  const preset = parseEnumValue(CcxTypes, params.get('ccxType')) ?? CcxTypes.AWS;
  const { control, handleSubmit, setError, trigger, getValues } = useForm<CloudExchangeCreate>({
    resolver: zodResolver(cloudExchangeCreateSchema) as unknown as Resolver<CloudExchangeCreate>,
    defaultValues: { ccxType: preset, vpcUuid: '', pairKey: '' },
  });
  const ccxType = useWatch({ control, name: 'ccxType' }) as CcxType;
  useEffect(() => {
    // A key typed for one provider is checked again when another is chosen.
    if (getValues('pairKey')) void trigger('pairKey');
  }, [ccxType, getValues, trigger]);
  const create = useResourceMutation(exchangeBase, createExchange);
  const submit = (body: CloudExchangeCreate) =>
    create.mutate(body, {
      onSuccess: (created) => {
        toast.success('exCloud.toasts.ordered', { name: created.pairKey });
        navigate(`${routePath('exCloud')}?tab=${exCloudTabOf(created.ccxType)}`);
      },
      onError: (error) => void applyServerErrors(error, setError, () => true),
    });

  return (
    <FormPage testId="exchange-create-form" onSubmit={handleSubmit(submit)}>
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
      <FormActions def={exchangeBase} pending={create.isPending} submitLabel={t('actions.create')} />
    </FormPage>
  );
}
