import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import {
  type LifecycleRule,
  type LifecycleRuleBody,
  LIFECYCLE_DAYS_MAX,
  isTagKey,
  isTagValue,
  lifecycleRuleBodySchema,
} from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormTextField } from '../../components/form/form-text-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import { isApiError } from '../../lib/api/api-error';
import { fieldProps } from '../../components/form/field-props';

const FIELDS = ['prefix', 'tagKey', 'tagValue', 'expirationDays', 'enabled'] as const;

const valuesOf = (rule: LifecycleRule | null): LifecycleRuleBody => ({
  prefix: rule?.prefix ?? '',
  tagKey: rule?.tagKey ?? '',
  tagValue: rule?.tagValue ?? '',
  expirationDays: rule?.expirationDays ?? 30,
  enabled: rule?.enabled ?? true,
});

/**
 * A lifecycle rule's form (create, or edit `rule`): which objects (a prefix, a tag, or both; both
 * empty is every object) expire how many days after they were written, and whether it applies.
 * `onSave` rejects with the call's error: field problems land on the fields, anything else (the
 * rule deleted meanwhile: LIFECYCLE_RULE_NOT_FOUND) shows above them.
 */
export function LifecycleRuleDialog({
  rule,
  onSave,
  onCancel,
}: {
  rule: LifecycleRule | null;
  onSave: (body: LifecycleRuleBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['bucket', 'apiError']);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, onSubmit, formState } = useDialogForm<LifecycleRuleBody>({
    schema: lifecycleRuleBodySchema,
    defaultValues: valuesOf(rule),
    fields: FIELDS,
    submit: (body) => {
      setProblem(null);
      return onSave(body);
    },
    onOtherError: (error) => setProblem(isApiError(error) && error.msg ? error.msg : 'networkError'),
  });

  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t(rule ? 'lifecycle.editTitle' : 'lifecycle.createTitle')}
      submitLabel={t(rule ? 'actions.save' : 'lifecycle.create')}
      onSubmit={onSubmit}
      onCancel={onCancel}
      disabled={formState.isSubmitting}
      testId="lifecycle-dialog"
    >
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="lifecycle-dialog-problem">
          {t(`apiError:${problem}`, { defaultValue: t('apiError:networkError') })}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lifecycle.formHint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FormTextField
          {...field('prefix', t('lifecycle.prefix'))}
          autoComplete="off"
          placeholder="logs/"
          helperText={t('lifecycle.prefixHint')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormTextField {...field('tagKey', t('lifecycle.tagKey'))} rule={isTagKey} autoComplete="off" />
          <FormTextField
            {...field('tagValue', t('lifecycle.tagValue'))}
            rule={isTagValue}
            autoComplete="off"
          />
        </Box>
        <FormNumberField
          {...field('expirationDays', t('lifecycle.expirationDays'))}
          required
          helperText={t('lifecycle.daysHint', { max: LIFECYCLE_DAYS_MAX })}
        />
      </Box>
      <FormSwitchField {...field('enabled', t('lifecycle.enabled'))} on off={false} />
    </FormDialog>
  );
}
