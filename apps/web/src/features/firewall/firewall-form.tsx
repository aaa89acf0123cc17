import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
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
  isResourceName,
} from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { OutlinedField } from '../../components/form/outlined-field';
import { PriceChange } from '../../components/price-change';
import {
  FormActions,
  FormSection,
  useCreateResource,
  useUpdateResource,
} from '../../components/resource-kit/resource-form';
import { api } from '../../lib/api/api-client';
import { useFirewallRules } from './firewall-choices';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { toI18nKey } from '../../lib/i18n/message-key';
import { firewallBase } from './firewall-base';
import { type FirewallFormValues, type RuleForm, FirewallRuleEditor } from './firewall-rule-editor';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 1 };

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
  const created = useCreateResource<Firewall, FirewallFormValues>(firewallBase);
  const updated = useUpdateResource<Firewall, Partial<FirewallFormValues>>(firewallBase, row as Firewall);
  const initialRules = (rules ?? []).map(toForm);
  const { control, handleSubmit, setError, setValue } = useForm<FirewallFormValues>({
    resolver: zodResolver(firewallCreateSchema) as unknown as Resolver<FirewallFormValues>,
    defaultValues: row
      ? { name: row.name, vpcUuid: row.vpcUuid, rules: initialRules }
      : { name: '', vpcUuid: vpcId ?? '', rules: [] },
  });
  const pending = row ? updated.pending : created.pending;
  const editable = row ? canEditFirewall(row) : true;
  const limit = row || count.data === undefined ? true : canCreateFirewall(count.data);
  const blocked = editable !== true ? editable : limit !== true ? limit : null;

  const onSubmit = handleSubmit((values) => {
    if (!row) return created.submit(values, setError);
    // A rename alone is the portal's; the cloud is asked only when the rules changed.
    const same = JSON.stringify(values.rules) === JSON.stringify(initialRules);
    return updated.submit(
      same ? { name: values.name } : { name: values.name, rules: values.rules },
      setError,
    );
  });

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} data-testid="firewall-form">
      {blocked && (
        <Alert severity="warning" data-testid="firewall-form-blocked">
          {t(toI18nKey(`apiError.${blocked}`))}
        </Alert>
      )}
      <FormSection title={t('form.sections.firewall')}>
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="name"
            rule={isResourceName}
            label={t('fields.name')}
            required
            autoComplete="off"
          />
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
            <FormSelectField control={control} name="vpcUuid" label={t('fields.vpcName')} required>
              {(vpcs.data ?? []).map((vpc) => (
                <MenuItem key={vpc.netUuid} value={vpc.netUuid}>
                  {`${vpc.netName} · ${vpc.cidrIpv4}`}
                </MenuItem>
              ))}
            </FormSelectField>
          )}
        </Box>
        {!row && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="firewall-limit">
            {t('form.limit', { limit: FIREWALL_LIMIT, count: count.data ?? 0 })}
          </Alert>
        )}
      </FormSection>
      <FormSection title={t('form.sections.rules')}>
        <FirewallRuleEditor control={control} setValue={setValue} />
      </FormSection>
      <FormSection title={t('resource:price.title')}>
        <FirewallPrice editing={Boolean(row)} />
      </FormSection>
      <FormActions
        def={firewallBase}
        pending={pending || blocked !== null}
        submitLabel={t(row ? 'actions.save' : 'actions.create')}
      />
    </Stack>
  );
}

export const FirewallCreateForm = () => <FirewallFormBody />;

/** The edit page's form, once the firewall's rules are loaded. */
export function FirewallEditForm({ row }: { row: Firewall }) {
  const rules = useFirewallRules(row.firewallUuid);
  if (rules.isPending) return <PageSpinner minHeight={160} />;
  return <FirewallFormBody row={row} rules={rules.data ?? []} />;
}
