import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { type Control, useFormState, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ALARM_COOL_DOWN_MAX,
  ALARM_CONTINUANCE_MAX,
  ALARM_MAX_EMAILS,
  ALARM_METRIC_UNITS,
  ALARM_THRESHOLD_PCT_MAX,
  type Alarm,
  type AlarmCreate,
  AlarmKind,
  AlarmMetric,
  AlarmOperator,
  type AlarmUpdate,
  alarmCreateSchema,
  alarmCriticalRule,
  enumValues,
  isAlarmBudgetAmount,
  isAlarmContinuance,
  isAlarmCoolDown,
  isAlarmThresholdPct,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormEmailField, FormNameField, FormTextField } from '../../components/form/form-text-field';
import { useFieldMessage } from '../../components/form/use-field-message';
import { StatusChip } from '../../components/resource-kit/status-chip';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { useVmChoices } from '../vm';
import { formatDateTime } from '../../lib/format/date-time';
import { useSession } from '../../lib/session/use-session';
import { fieldProps } from '../../components/form/field-props';
import { alarmBase, alarmStatus } from './alarm-base';
import { AlarmHistory } from './alarm-history';

/**
 * Create (route alarmCreate; `?vm=` preselects a VM) or edit (alarmEdit/{id}) an alarm: a metric
 * of one VM with its condition, or a monthly budget with its threshold, and the addresses to mail.
 * The fields check the shared rules as typed; the server checks them again (same message keys).
 */
export function AlarmForm({ row }: { row?: Alarm }) {
  const { t, i18n } = useTranslation(['alarm', 'enums']);
  const [params] = useSearchParams();
  const vms = useVmChoices();
  const session = useSession();
  const { control, onSubmit, pending, setValue, clearErrors, getValues } = useResourceForm<
    Alarm,
    AlarmCreate,
    AlarmCreate | AlarmUpdate
  >(alarmBase, {
    row,
    mode: 'onTouched',
    schema: alarmCreateSchema,
    defaultValues: row
      ? {
          alarmName: row.alarmName,
          kind: row.kind,
          item: row.item,
          vmUuid: row.vmUuid,
          operator: row.operator,
          criticalNumber: row.criticalNumber,
          continuance: row.continuance,
          coolDownTime: row.coolDownTime,
          budgetAmount: row.budgetAmount ? row.budgetAmount.replace(/\.?0+$/, '') : null,
          thresholdPct: row.thresholdPct,
          emails: row.emails,
        }
      : {
          alarmName: '',
          kind: params.get('kind') === AlarmKind.BUDGET ? AlarmKind.BUDGET : AlarmKind.METRIC,
          item: AlarmMetric.CPU,
          vmUuid: params.get('vm') ?? '',
          operator: AlarmOperator.GT,
          criticalNumber: 80,
          continuance: 3,
          coolDownTime: 30,
          budgetAmount: '',
          thresholdPct: 80,
          emails: [session.info?.email ?? ''],
        },
  });
  const [kind, watchedItem] = useWatch({ control, name: ['kind', 'item'] });
  const item = (watchedItem ?? null) as AlarmMetric | null;
  const emails = useWatch({ control, name: 'emails' }) ?? [];
  const metric = kind !== AlarmKind.BUDGET;
  const unit = item ? ALARM_METRIC_UNITS[item] : '%';

  const removeAt = (index: number) => {
    setValue(
      'emails',
      getValues('emails').filter((_, i) => i !== index),
    );
    clearErrors('emails');
  };

  const submit = onSubmit((values) => {
    const fields = metric
      ? {
          vmUuid: values.vmUuid,
          item: values.item,
          operator: values.operator,
          criticalNumber: values.criticalNumber,
          continuance: values.continuance,
          coolDownTime: values.coolDownTime,
        }
      : { budgetAmount: values.budgetAmount, thresholdPct: values.thresholdPct };
    const common = { alarmName: values.alarmName, emails: values.emails.map((e) => e.trim()) };
    return row
      ? ({ ...common, ...fields } as AlarmUpdate)
      : ({ kind: values.kind, ...common, ...fields } as AlarmCreate);
  });

  const field = fieldProps(control, t);
  return (
    <Stack spacing={3}>
      <FormPage testId="alarm-form" onSubmit={submit}>
        <FormSection title={t('form.sections.alarm')}>
          <FormGrid>
            <FormNameField {...field('alarmName')} />
            {row ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, pb: 2 }}>
                <Fact label={t('fields.kind')} testId="alarm-kind">
                  {t(`enums:alarmKind.${row.kind}`)}
                </Fact>
                <Fact label={t('fields.status')} testId="alarm-status">
                  <StatusChip label={alarmStatus.text(row, t)} tone={alarmStatus.tone(row)} />
                </Fact>
                <Fact label={t('fields.lastAlarmTime')} testId="alarm-last">
                  {formatDateTime(row.lastAlarmTime, i18n.language)}
                </Fact>
              </Box>
            ) : (
              <FormSelectField {...field('kind')} required>
                {enumValues(AlarmKind).map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`enums:alarmKind.${k}`)}
                  </MenuItem>
                ))}
              </FormSelectField>
            )}
          </FormGrid>
        </FormSection>
        {metric ? (
          <FormSection title={t('form.sections.condition')}>
            <FormGrid>
              <FormSelectField
                {...field('vmUuid')}
                required
                helperText={vms.isError ? t('form.vmsFailed') : undefined}
              >
                {(vms.data ?? []).map((vm) => (
                  <MenuItem key={vm.uuid} value={vm.uuid}>
                    {vm.name}
                  </MenuItem>
                ))}
                {row?.vmUuid && !(vms.data ?? []).some((vm) => vm.uuid === row.vmUuid) && (
                  <MenuItem value={row.vmUuid}>{row.vmName}</MenuItem>
                )}
              </FormSelectField>
              <FormSelectField {...field('item')} required>
                {enumValues(AlarmMetric).map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`enums:alarmMetric.${m}`)} ({ALARM_METRIC_UNITS[m]})
                  </MenuItem>
                ))}
              </FormSelectField>
              <FormSelectField {...field('operator')} required>
                {enumValues(AlarmOperator).map((op) => (
                  <MenuItem key={op} value={op}>
                    {op} ({t(`enums:alarmOperator.${op}`)})
                  </MenuItem>
                ))}
              </FormSelectField>
              <FormNumberField
                {...field('criticalNumber')}
                rule={alarmCriticalRule(item)}
                endAdornment={<InputAdornment position="end">{unit}</InputAdornment>}
                required
              />
              <FormNumberField
                {...field('continuance')}
                rule={isAlarmContinuance}
                helperText={t('form.continuanceHint', { max: ALARM_CONTINUANCE_MAX.toLocaleString('en') })}
                endAdornment={<InputAdornment position="end">{t('form.points')}</InputAdornment>}
                required
              />
              <FormNumberField
                {...field('coolDownTime')}
                rule={isAlarmCoolDown}
                helperText={t('form.coolDownHint', { max: ALARM_COOL_DOWN_MAX.toLocaleString('en') })}
                endAdornment={<InputAdornment position="end">{t('form.minutes')}</InputAdornment>}
                required
              />
            </FormGrid>
          </FormSection>
        ) : (
          <FormSection title={t('form.sections.budget')}>
            <FormGrid>
              <FormTextField
                {...field('budgetAmount')}
                rule={isAlarmBudgetAmount}
                htmlInput={{ inputMode: 'decimal' }}
                endAdornment={<InputAdornment position="end">TWD</InputAdornment>}
                required
              />
              <FormNumberField
                {...field('thresholdPct')}
                rule={isAlarmThresholdPct}
                helperText={t('form.thresholdHint', { max: ALARM_THRESHOLD_PCT_MAX.toLocaleString('en') })}
                endAdornment={<InputAdornment position="end">%</InputAdornment>}
                required
              />
            </FormGrid>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('form.budgetHint')}
            </Typography>
          </FormSection>
        )}
        <FormSection title={t('form.sections.emails')}>
          <Stack spacing={1}>
            {emails.map((_, i) => (
              <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <FormEmailField
                  {...field(`emails.${i}`, t('form.email', { index: i + 1 }))}
                  autoComplete="off"
                  required
                />
                <IconButton
                  aria-label={t('form.removeEmail', { index: i + 1 })}
                  disabled={emails.length <= 1}
                  data-testid={`alarm-email-remove-${i}`}
                  sx={{ mt: 0.5 }}
                  onClick={() => removeAt(i)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            ))}
            <EmailsProblem control={control} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button
                startIcon={<Add />}
                disabled={emails.length >= ALARM_MAX_EMAILS}
                onClick={() => setValue('emails', [...getValues('emails'), ''])}
                data-testid="alarm-email-add"
              >
                {t('form.addEmail')}
              </Button>
              <Typography variant="body2" color="text.secondary">
                {t('form.emailsHint', { max: ALARM_MAX_EMAILS })}
              </Typography>
            </Box>
          </Stack>
        </FormSection>
        <FormActions
          def={alarmBase}
          pending={pending}
          submitLabel={t(row ? 'actions.save' : 'actions.create')}
        />
      </FormPage>
      {row && <AlarmHistory alarm={row} />}
    </Stack>
  );
}

/** A fact of the alarm the form does not change, with its label. */
function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** A problem of the list as a whole: none, or more than ten. */
function EmailsProblem({ control }: { control: Control<AlarmCreate> }) {
  const message = useFieldMessage();
  const { errors } = useFormState({ control, name: 'emails' });
  const own = errors.emails as { message?: string; root?: { message?: string } } | undefined;
  const problem = own?.message ? own : own?.root;
  if (!problem?.message) return null;
  return (
    <FormHelperText error data-testid="field-emails-error">
      {message(problem as never, { max: ALARM_MAX_EMAILS })}
    </FormHelperText>
  );
}

export const AlarmCreateForm = () => <AlarmForm />;
export const AlarmEditForm = ({ row }: { row: Alarm }) => <AlarmForm row={row} />;
