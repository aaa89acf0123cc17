import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Balancer,
  type BalancerCreate,
  type BalancerUpdate,
  LB_CERTIFICATE_MAX_CHARS,
  LB_DEFAULT_PORT,
  LB_KEY_MAX_CHARS,
  LB_PROTOCOLS_BY_TYPE,
  LbProtocol,
  LbType,
  type Vm,
  balancerFormSchema,
  balancerMonthlyEstimate,
  enumValues,
  isHttpProtocol,
  isPort,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormNameField, FormTextField } from '../../components/form/form-text-field';
import { useFieldMessage } from '../../components/form/use-field-message';
import { PriceChange } from '../../components/price-change';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { api } from '../../lib/api/api-client';
import { usePriceCodes } from '../products';
import { useVpcs } from '../vpc';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { formatDateTime } from '../../lib/format/date-time';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { fieldProps } from '../../components/form/field-props';
import { balancerBase } from './balancer-base';
import { withProtocol, withType } from './balancer-form-logic';
import type { BalancerFormValues } from './balancer-form-values';
import { PemFileField } from './balancer-pem-field';

const KB = 1024;

/** The VMs of one VPC, the only ones a balancer there may send to. */
function useVmsOf(vpcUuid: string) {
  const { can } = usePermissions();
  const query = { page: 0, limit: 0, vpcUuid };
  return useQuery({
    queryKey: resourceKeys('/vms').listQuery(query),
    queryFn: () =>
      api.get<Paged<Vm>>('/vms', { query: { ...query, t: Date.now() }, track: false }).then((p) => p.records),
    enabled: Boolean(vpcUuid) && can('compute/vm'),
  });
}

const defaults = (row?: Balancer): BalancerFormValues =>
  row
    ? {
        lbType: row.lbType,
        lbName: row.lbName,
        lbProtocol: row.lbProtocol,
        lbPort: row.lbPort,
        lbUrl: row.lbUrl,
        vpcUuid: row.vpcUuid,
        vmUuids: row.vmUuids,
        lbHealthCheck: row.lbHealthCheck,
        lbXforwardedfor: row.lbXforwardedfor,
        lbCertificate: '',
        lbPrivateKey: '',
      }
    : {
        lbType: LbType.APPLICATION,
        lbName: '',
        lbProtocol: LbProtocol.HTTP,
        lbPort: LB_DEFAULT_PORT.HTTP,
        lbUrl: '',
        vpcUuid: '',
        vmUuids: [],
        lbHealthCheck: true,
        lbXforwardedfor: false,
        lbCertificate: '',
        lbPrivateKey: '',
      };

/** What the form sends: a certificate only for HTTPS, and on an edit only a new one. */
function bodyOf(values: BalancerFormValues, editing: boolean): BalancerCreate | BalancerUpdate {
  const https = values.lbProtocol === LbProtocol.HTTPS;
  const certificate =
    https && (values.lbCertificate || values.lbPrivateKey)
      ? { lbCertificate: values.lbCertificate, lbPrivateKey: values.lbPrivateKey }
      : {};
  const common = {
    lbName: values.lbName,
    lbProtocol: values.lbProtocol,
    lbPort: values.lbPort,
    lbUrl: values.lbType === LbType.NETWORK ? '' : values.lbUrl,
    vmUuids: values.vmUuids,
    lbHealthCheck: values.lbHealthCheck,
    lbXforwardedfor: isHttpProtocol(values.lbProtocol) && values.lbXforwardedfor,
    ...certificate,
  };
  return editing ? common : { ...common, lbType: values.lbType, vpcUuid: values.vpcUuid };
}

/**
 * Create (route createBalancer) or edit (editBalancer/{id}) a load balancer: the listener (type,
 * protocol of that type, port, host name), the VPC and its VMs to send to, health check and
 * X-Forwarded-For, and for HTTPS the certificate and key files, read here and sent as text; its
 * monthly price (HTTPS offload costs more), before and after an edit.
 */
export function BalancerForm({ row }: { row?: Balancer }) {
  const { t, i18n } = useTranslation(['balancer', 'enums', 'resource']);
  const prices = usePriceCodes();
  const message = useFieldMessage();
  const editing = row !== undefined;
  const hasCertificate = row?.certificateExpiresAt != null;
  const vpcs = useVpcs();
  const { control, onSubmit, pending, setValue, getValues, trigger, setError } = useResourceForm<
    Balancer,
    BalancerFormValues,
    BalancerCreate | BalancerUpdate
  >(balancerBase, { row, schema: balancerFormSchema(hasCertificate), defaultValues: defaults(row) });
  const [lbType, lbProtocol, vpcUuid] = useWatch({ control, name: ['lbType', 'lbProtocol', 'vpcUuid'] });
  const vms = useVmsOf(vpcUuid);
  const http = isHttpProtocol(lbProtocol);
  const https = lbProtocol === LbProtocol.HTTPS;
  const price = (lb: { lbProtocol: string }) => prices.data && balancerMonthlyEstimate(prices.data, lb);

  const moveListener = (
    next: Pick<BalancerFormValues, 'lbProtocol' | 'lbPort' | 'lbUrl' | 'lbXforwardedfor'>,
  ) => {
    setValue('lbProtocol', next.lbProtocol);
    setValue('lbPort', Number(next.lbPort));
    setValue('lbUrl', next.lbUrl);
    setValue('lbXforwardedfor', next.lbXforwardedfor);
  };

  const field = fieldProps(control, t);
  return (
    <FormPage testId="balancer-form" onSubmit={onSubmit((values) => bodyOf(values, editing))}>
      <FormSection title={t('form.sections.listener')}>
        <FormGrid>
          <FormNameField {...field('lbName')} />
          <Controller
            control={control}
            name="lbType"
            render={({ field }) => (
              <TextField
                select
                label={t('fields.lbType')}
                required
                disabled={editing}
                value={field.value}
                onChange={(event) => {
                  const type = Number(event.target.value) as LbType;
                  field.onChange(type);
                  moveListener(withType({ ...getValues(), lbType: getValues('lbType') }, type));
                }}
                helperText={editing ? t('form.fixedAfterCreate') : t(`form.typeHint.${field.value}`)}
                slotProps={{ htmlInput: { 'data-testid': 'field-lbType' } }}
              >
                {enumValues(LbType).map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`enums:lbType.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="lbProtocol"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('fields.lbProtocol')}
                required
                value={field.value}
                onChange={(event) =>
                  moveListener(withProtocol(getValues(), event.target.value as LbProtocol))
                }
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error) ?? ' '}
                slotProps={{ htmlInput: { 'data-testid': 'field-lbProtocol' } }}
              >
                {LB_PROTOCOLS_BY_TYPE[lbType].map((protocol) => (
                  <MenuItem key={protocol} value={protocol}>
                    {t(`enums:lbProtocol.${protocol}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormNumberField {...field('lbPort')} rule={isPort} required />
          {lbType === LbType.APPLICATION && (
            <FormTextField
              {...field('lbUrl')}
              helperText={t('form.urlHint')}
              placeholder="shop.example.com"
              autoComplete="off"
            />
          )}
        </FormGrid>
      </FormSection>

      <FormSection title={t('form.sections.targets')}>
        <FormGrid>
          <FormSelectField
            {...field('vpcUuid', t('fields.vpc'))}
            required
            helperText={editing ? t('form.fixedAfterCreate') : t('form.vpcHint')}
          >
            {(vpcs.data ?? []).map((vpc) => (
              <MenuItem
                key={vpc.netUuid}
                value={vpc.netUuid}
                disabled={editing && vpc.netUuid !== row.vpcUuid}
                onClick={() => setValue('vmUuids', [])}
              >
                {`${vpc.netName} (${vpc.cidrIpv4})`}
              </MenuItem>
            ))}
          </FormSelectField>
          <TargetPicker control={control} vms={vms.data ?? []} disabled={!vpcUuid} />
        </FormGrid>
      </FormSection>

      <FormSection title={t('form.sections.options')}>
        <Stack spacing={0.5}>
          <FormSwitchField {...field('lbHealthCheck')} on={true} off={false} />
          {http && <FormSwitchField {...field('lbXforwardedfor')} on={true} off={false} />}
        </Stack>
      </FormSection>

      {https && (
        <FormSection title={t('form.sections.certificate')}>
          <Stack spacing={2}>
            {hasCertificate ? (
              <Alert severity="info" data-testid="balancer-current-certificate">
                {t('form.currentCertificate', {
                  subject: row.certificateSubject ?? '',
                  when: formatDateTime(row.certificateExpiresAt, i18n.language),
                })}
              </Alert>
            ) : (
              <Alert severity="info">{t('form.certificateHint')}</Alert>
            )}
            <FormGrid>
              <PemFileField
                control={control}
                name="lbCertificate"
                label={t('fields.lbCertificate')}
                hint={t('form.certificateFileHint', { kb: LB_CERTIFICATE_MAX_CHARS / KB })}
                maxChars={LB_CERTIFICATE_MAX_CHARS}
                accept=".pem,.crt,.cer,application/x-pem-file"
                setError={setError}
                trigger={trigger}
              />
              <PemFileField
                control={control}
                name="lbPrivateKey"
                label={t('fields.lbPrivateKey')}
                hint={t('form.keyFileHint', { kb: LB_KEY_MAX_CHARS / KB })}
                maxChars={LB_KEY_MAX_CHARS}
                accept=".pem,.key,application/x-pem-file"
                setError={setError}
                trigger={trigger}
              />
            </FormGrid>
          </Stack>
        </FormSection>
      )}

      <PriceSection>
        <PriceChange
          before={row && { estimate: price(row) }}
          after={{ estimate: price({ lbProtocol }) }}
          testId="balancer-price"
        />
      </PriceSection>

      <FormActions
        def={balancerBase}
        pending={pending}
        submitLabel={t(editing ? 'actions.save' : 'actions.create')}
      />
    </FormPage>
  );
}

/** The VMs it sends to: several VMs of the chosen VPC. */
function TargetPicker({
  control,
  vms,
  disabled,
}: {
  control: Control<BalancerFormValues>;
  vms: readonly Vm[];
  disabled: boolean;
}) {
  const { t } = useTranslation('balancer');
  const message = useFieldMessage();
  const names = new Map(vms.map((vm) => [vm.uuid, vm.name]));
  return (
    <Controller
      control={control}
      name="vmUuids"
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          disabled={disabled}
          label={t('fields.targets')}
          value={field.value}
          onChange={field.onChange}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error) ?? (disabled ? t('form.vpcFirst') : t('form.targetsHint'))}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) =>
                (selected as string[]).map((id) => names.get(id) ?? id).join(', ') || t('form.noTargets'),
            },
            htmlInput: { 'data-testid': 'field-vmUuids' },
            inputLabel: { shrink: true },
          }}
        >
          {vms.length === 0 && (
            <MenuItem disabled value="">
              {t('form.noVmsInVpc')}
            </MenuItem>
          )}
          {vms.map((vm) => (
            <MenuItem key={vm.uuid} value={vm.uuid} data-testid={`balancer-vm-${vm.uuid}`}>
              <Checkbox checked={field.value.includes(vm.uuid)} size="small" sx={{ py: 0 }} />
              <ListItemText primary={vm.name} secondary={vm.privateIP ?? undefined} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export const BalancerCreateForm = () => <BalancerForm />;
