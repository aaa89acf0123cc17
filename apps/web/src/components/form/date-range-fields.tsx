import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { toI18nKey } from '../../lib/i18n/message-key';
import { rangeProblem } from '../../lib/resource-kit/list-state';

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
  sx,
}: {
  type: 'date' | 'datetime-local';
  from: string;
  to: string;
  labels: { from: string; to: string };
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  testIdPrefix: string;
  /** Each field's size where it stands in a bar. */
  sx?: SxProps<Theme>;
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
      sx={sx}
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
