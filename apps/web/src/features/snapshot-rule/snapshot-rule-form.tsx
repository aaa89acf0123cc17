import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import { type Control, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TIME_ZONE,
  SNAPSHOT_RETAIN_MAX,
  SNAPSHOT_RETAIN_MIN,
  SNAPSHOT_RULE_MAX_VMS,
  SnapshotPolicyCycle,
  type SnapshotRule,
  type SnapshotRuleCreate,
  Weekday,
  enumValues,
  integerInRange,
  nextSnapshotRun,
  snapshotRuleCreateSchema,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormNameField } from '../../components/form/form-text-field';
import { FormActions, FormSection } from '../../components/resource-kit/resource-form';
import { FormGrid, FormPage, PriceSection } from '../../components/resource-kit/form-layout';
import { useResourceForm } from '../../components/resource-kit/use-resource-form';
import { useVmChoices } from '../vm';
import { formatDateTime } from '../../lib/format/date-time';
import { fieldProps } from '../../components/form/field-props';
import { snapshotRuleBase } from './snapshot-rule-base';
import { scheduleText } from './snapshot-rule-schedule';
import { SnapshotRulePrice } from './snapshot-rule-price';
import { SnapshotRuleVmPicker } from './snapshot-rule-vm-picker';

const isRetained = integerInRange(SNAPSHOT_RETAIN_MIN, SNAPSHOT_RETAIN_MAX);

/** When the rule as filled in would run next, in the customer's time zone. */
function NextRun({ control }: { control: Control<SnapshotRuleCreate> }) {
  const { t, i18n } = useTranslation(['snapshotRule', 'enums']);
  const [rawCycle, rawDay] = useWatch({ control, name: ['policyCycle', 'weekday'] });
  const cycle = Number(rawCycle) as SnapshotPolicyCycle;
  const weekday = rawDay ? (Number(rawDay) as Weekday) : null;
  if (cycle === SnapshotPolicyCycle.WEEKLY && !weekday) return null;
  const next = nextSnapshotRun(new Date(), cycle, weekday, DEFAULT_TIME_ZONE);
  return (
    <Alert severity="info" data-testid="snapshot-rule-next-run">
      {t('form.nextRun', {
        schedule: scheduleText({ policyCycle: cycle, weekday }, t),
        at: formatDateTime(next.toISOString(), i18n.language, DEFAULT_TIME_ZONE),
        zone: DEFAULT_TIME_ZONE,
      })}
    </Alert>
  );
}

/**
 * Create (route createSnapshotRule; `?vm=` preselects a VM) or edit (editSnapshotRule/{id}) a
 * rule: name, cycle, weekday for a weekly one, how many snapshots to keep, and its VMs.
 */
export function SnapshotRuleForm({ row }: { row?: SnapshotRule }) {
  const { t } = useTranslation(['snapshotRule', 'enums', 'resource']);
  const [params] = useSearchParams();
  const vms = useVmChoices();
  const { control, onSubmit, pending, setValue } = useResourceForm<SnapshotRule, SnapshotRuleCreate>(
    snapshotRuleBase,
    {
      row,
      schema: snapshotRuleCreateSchema,
      defaultValues: row
        ? {
            policyName: row.policyName,
            policyCycle: row.policyCycle,
            weekday: row.weekday,
            retainedQuantity: row.retainedQuantity,
            vmUuids: row.vmUuids,
          }
        : {
            policyName: '',
            policyCycle: SnapshotPolicyCycle.DAILY,
            weekday: null,
            retainedQuantity: 7,
            vmUuids: params.getAll('vm'),
          },
    },
  );
  const [cycle, chosenVms, retained] = useWatch({
    control,
    name: ['policyCycle', 'vmUuids', 'retainedQuantity'],
  });
  // `?unprotected=1` (the dashboard's "protect"): every VM no rule protects yet, chosen once loaded.
  const everyUnprotected = !row && params.get('unprotected') === '1';
  const loaded = vms.data;
  const chosen = useRef(false);
  useEffect(() => {
    if (!everyUnprotected || !loaded || chosen.current) return;
    chosen.current = true;
    const ids = loaded.filter((vm) => vm.snapshotRuleUuid === null).map((vm) => vm.uuid);
    setValue('vmUuids', ids.slice(0, SNAPSHOT_RULE_MAX_VMS));
  }, [everyUnprotected, loaded, setValue]);

  const field = fieldProps(control, t);
  return (
    <FormPage
      testId="snapshot-rule-form"
      onSubmit={onSubmit((values) => ({
        ...values,
        weekday: values.policyCycle === SnapshotPolicyCycle.WEEKLY ? values.weekday : null,
      }))}
    >
      <FormSection title={t('form.sections.rule')}>
        <FormGrid>
          <FormNameField {...field('policyName')} />
          <FormNumberField
            {...field('retainedQuantity')}
            rule={isRetained}
            helperText={t('form.retainedHint', { min: SNAPSHOT_RETAIN_MIN, max: SNAPSHOT_RETAIN_MAX })}
            required
          />
          <FormSelectField {...field('policyCycle')} required>
            {enumValues(SnapshotPolicyCycle).map((c) => (
              <MenuItem key={c} value={c}>
                {t(`enums:snapshotPolicyCycle.${c}`)}
              </MenuItem>
            ))}
          </FormSelectField>
          {cycle === SnapshotPolicyCycle.WEEKLY && (
            <FormSelectField {...field('weekday')} required>
              {enumValues(Weekday).map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`enums:weekday.${d}`)}
                </MenuItem>
              ))}
            </FormSelectField>
          )}
        </FormGrid>
        <NextRun control={control} />
      </FormSection>
      <FormSection title={t('form.sections.vms')}>
        <SnapshotRuleVmPicker control={control} vms={vms.data ?? []} ruleUuid={row?.uuid ?? null} />
      </FormSection>
      <PriceSection>
        <SnapshotRulePrice
          row={row}
          vmUuids={chosenVms ?? []}
          retained={isRetained(retained) === true ? Number(retained) : 0}
        />
      </PriceSection>
      <FormActions
        def={snapshotRuleBase}
        pending={pending}
        submitLabel={t(row ? 'actions.save' : 'actions.create')}
      />
    </FormPage>
  );
}

export const SnapshotRuleCreateForm = () => <SnapshotRuleForm />;
