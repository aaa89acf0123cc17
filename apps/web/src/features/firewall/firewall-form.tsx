import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FIREWALL_LIMIT,
  type Firewall,
  type FirewallRule,
  canCreateFirewall,
  canEditFirewall,
  firewallCreateSchema,
  firewallMonthlyEstimate,
} from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField } from '../../components/form/form-text-field';
import { OutlinedField } from '../../components/form/outlined-field';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { api } from '../../lib/api/api-client';
import { fieldProps } from '../../components/form/field-props';
import { useFirewallRules } from './firewall-choices';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { toI18nKey } from '../../lib/i18n/message-key';
import { firewallBase } from './firewall-base';
import { type FirewallFormValues, type RuleForm, FirewallRuleEditor } from './firewall-rule-editor';

/** How many firewalls the customer has, against FIREWALL_LIMIT. */
function useFirewallCount() {
  const query = { page: 0, limit: 1 };
  return useQuery({
    queryKey: resourceKeys('/firewalls').listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Firewall>>('/firewalls', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.total),
  });
}

const toForm = (r: FirewallRule): RuleForm => ({
  fwrDirection: r.fwrDirection,
  fwrIpVer: r.fwrIpVer,
  fwrType: r.fwrType,
  fwrPort: r.fwrPort,
  cidrDest: r.cidrDest,
  fwrOperate: r.fwrOperate,
  remark: r.remark,
});

/** A firewall's monthly price (the same before and after an edit: rules cost nothing). */
function FirewallPrice({ editing }: { editing: boolean }) {
  const { t } = useTranslation('firewall');
  const prices = usePriceCodes();
  const estimate = prices.data && firewallMonthlyEstimate(prices.data);
  return (
    <PriceChange
      before={editing ? { estimate } : undefined}
      after={{ estimate, note: t('form.priceNote') }}
      testId="firewall-price"
    />
  );
}

/**
 * Create (routes createFirewall, createFirewall/{vpcId} with the VPC chosen) or edit
 * (editFirewall/{id}) a firewall: its name, its VPC, and its whole rule list in order, and its
 * monthly price. Saving new rules programs the cloud (the firewall shows "updating" until it has).
 */
function FirewallFormBody({ row, rules }: { row?: Firewall; rules?: FirewallRule[] }) {
  const { t } = useTranslation(['firewall', 'apiError', 'resource']);
  const { vpcId } = useParams();
  const vpcs = useVpcs();
  const count = useFirewallCount();
  const initialRules = (rules ?? []).map(toForm);
  const { control, onSubmit, pending, setValue } = useResourceForm<
    Firewall,
    FirewallFormValues,
    Partial<FirewallFormValues>
  >(firewallBase, {
    row,
    schema: firewallCreateSchema,
    defaultValues: row
      ? { name: row.name, vpcUuid: row.vpcUuid, rules: initialRules }
      : { name: '', vpcUuid: vpcId ?? '', rules: [] },
  });
  const editable = row ? canEditFirewall(row) : true;
  const limit = row || count.data === undefined ? true : canCreateFirewall(count.data);
  const blocked = editable !== true ? editable : limit !== true ? limit : null;

  const submit = onSubmit((values) => {
    if (!row) return values;
    // A rename alone is the portal's; the cloud is asked only when the rules changed.
    const same = JSON.stringify(values.rules) === JSON.stringify(initialRules);
    return same ? { name: values.name } : { name: values.name, rules: values.rules };
  });

  const field = fieldProps(control, t);
  return (
    <FormPage testId="firewall-form" onSubmit={submit}>
      {blocked && (
        <Alert severity="warning" data-testid="firewall-form-blocked">
          {t(toI18nKey(`apiError.${blocked}`))}
        </Alert>
      )}
      <FormSection title={t('form.sections.firewall')}>
        <FormGrid>
          <FormNameField {...field('name')} />
          {row ? (
            <OutlinedField
              name="vpcName"
              value={row.vpcName}
              onChange={() => undefined}
              label={t('fields.vpcName')}
              helperText={t('form.vpcFixed')}
              disabled
            />
          ) : (
            <FormSelectField {...field('vpcUuid', t('fields.vpcName'))} required>
              {(vpcs.data ?? []).map((vpc) => (
                <MenuItem key={vpc.netUuid} value={vpc.netUuid}>
                  {`${vpc.netName} · ${vpc.cidrIpv4}`}
                </MenuItem>
              ))}
            </FormSelectField>
          )}
        </FormGrid>
        {!row && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="firewall-limit">
            {t('form.limit', { limit: FIREWALL_LIMIT, count: count.data ?? 0 })}
          </Alert>
        )}
      </FormSection>
      <FormSection title={t('form.sections.rules')}>
        <FirewallRuleEditor control={control} setValue={setValue} />
      </FormSection>
      <PriceSection>
        <FirewallPrice editing={Boolean(row)} />
      </PriceSection>
      <FormActions
        def={firewallBase}
        pending={pending || blocked !== null}
        submitLabel={t(row ? 'actions.save' : 'actions.create')}
      />
    </FormPage>
  );
}

export const FirewallCreateForm = () => <FirewallFormBody />;

/** The edit page's form, once the firewall's rules are loaded. */
export function FirewallEditForm({ row }: { row: Firewall }) {
  const rules = useFirewallRules(row.firewallUuid);
  if (rules.isPending) return <PageSpinner minHeight={160} />;
  return <FirewallFormBody row={row} rules={rules.data ?? []} />;
}
