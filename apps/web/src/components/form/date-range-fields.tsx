import TextField from '@mui/material/TextField';

/**
 * The "from" and "to" fields of a list's filter bar: dates (`date`) or times (`datetime-local`),
 * each given to `onChange` as typed. Test ids `<testIdPrefix>-from` and `-to`.
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
  const field = (end: 'from' | 'to', value: string, onChange: (value: string) => void) => (
    <TextField
      size="small"
      type={type}
      label={labels[end]}
      value={value}
      onChange={(e) => onChange(e.target.value)}
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
