import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { recentMonths } from '@portal/shared';
import { formatMonth } from '../lib/format/usage';

/**
 * A month of the last twelve ('YYYY-MM'), newest first, named in the reader's language
 * ("November 2026", "2026年11月"). `current` is the customer's month as the server gave it.
 */
export function MonthPicker({
  value,
  current,
  onChange,
  label,
  testId = 'month-picker',
}: {
  value: string;
  current: string;
  onChange: (month: string) => void;
  label: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const months = recentMonths(current);
  if (!months.includes(value)) months.push(value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
      }}
    >
      {months.map((month) => (
        <MenuItem key={month} value={month} data-testid={`${testId}-${month}`}>
          {formatMonth(month, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The month a page shows: none asked for at first (the server answers with the customer's current
 * month), then the one picked. `answered(month)` takes the month of the answer and gives the
 * picker's month shown and the customer's current month (the first answer's), none before an answer.
 */
export function useMonthChoice() {
  const [month, setMonth] = useState<string>();
  const [current, setCurrent] = useState<string>();
  const answered = (answer: string | undefined) => {
    if (answer && !current && !month) setCurrent(answer);
    const shown = month ?? answer;
    return shown === undefined ? undefined : { value: shown, current: current ?? shown };
  };
  return { month, setMonth, answered };
}
