import MenuItem from '@mui/material/MenuItem';
import { type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RAM_MAX_GB, RAM_MIN_GB, RAM_PER_VCPU_MAX, VCPU_MAX, VCPU_MIN } from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { fieldProps } from '../../components/form/field-props';

/** Every vCPU count the rule allows: even, 2 to 64. */
export const VCPU_CHOICES = Array.from({ length: (VCPU_MAX - VCPU_MIN) / 2 + 1 }, (_, i) => VCPU_MIN + i * 2);

/** The memory range the rule allows for a vCPU count (at least the count, at most 8 times it). */
export function ramRange(cpu: unknown): { min: number; max: number } {
  const c = typeof cpu === 'number' && Number.isInteger(cpu) ? cpu : VCPU_MIN;
  return { min: Math.max(RAM_MIN_GB, c), max: Math.min(RAM_MAX_GB, c * RAM_PER_VCPU_MAX) };
}

/** vCPU (a choice of the allowed counts) and memory (a number with its allowed range as the hint). */
export function VmSizingFields<T extends FieldValues>({
  control,
  cpu,
}: {
  control: Control<T>;
  cpu: unknown;
}) {
  const { t } = useTranslation('vm');
  const field = fieldProps(control, t);
  return (
    <>
      <FormSelectField {...field('cpuCore' as Path<T>, t('fields.cpuCore'))} required>
        {VCPU_CHOICES.map((n) => (
          <MenuItem key={n} value={n}>
            {t('values.vcpu', { count: n })}
          </MenuItem>
        ))}
      </FormSelectField>
      <FormNumberField
        {...field('ramSize' as Path<T>, t('fields.ramSize'))}
        helperText={t('form.ramHint', { ...ramRange(cpu), cpu: typeof cpu === 'number' ? cpu : '—' })}
        required
      />
    </>
  );
}
