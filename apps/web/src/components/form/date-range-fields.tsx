import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { startNotAfterEnd } from '@portal/shared';
import { toI18nKey } from '../../lib/i18n/message-key';

/**
 * What is wrong with a filter's range, by the rule the server applies (`orderedRange`): the
 * start after the end gives `validation.startAfterEnd`; one end missing is no range, and fine.
 */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return null;
  const ok = startNotAfterEnd(from, to);
  return ok === true ? null : ok;
}

/**
 * The "from" and "to" fields of a list's filter bar: dates (`date`) or times (`datetime-local`),
 * each given to `onChange` as typed. A start after the end is said under "to" (the page asks
 * nothing of the server meanwhile: `rangeProblem`). Test ids `<testIdPrefix>-from`, `-to` and
 * `-range-error`.
 */
export function DateRangeFields({
  type,
  from,
  to,
  labels,
  onFromChange,
  onToChange,
  testIdPrefix,
}: {
  type: 'date' | 'datetime-local';
  from: string;
  to: string;
  labels: { from: string; to: string };
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('validation');
  const problem = rangeProblem(from, to);
  const field = (end: 'from' | 'to', value: string, onChange: (value: string) => void) => (
    <TextField
      size="small"
      type={type}
      label={labels[end]}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={problem !== null}
      helperText={
        end === 'to' && problem ? (
          <span data-testid={`${testIdPrefix}-range-error`}>{t(toI18nKey(problem))}</span>
        ) : undefined
      }
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testIdPrefix}-${end}` } }}
    />
  );
  return (
    <>
      {field('from', from, onFromChange)}
      {field('to', to, onToChange)}
    </>
  );
}
