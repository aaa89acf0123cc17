import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { API_KEY_MAX_DAYS } from '@portal/shared';
import { useFieldMessage } from '../../components/form/use-field-message';
import { formatDateTime } from '../../lib/format/date-time';
import { EXPIRY_PRESETS, dayEnd, daysAfter } from './api-key-expiry';
import type { ApiKeyForm } from './api-key-form';

const CUSTOM = 'custom';

/**
 * When the key stops working: 30, 90, 180 or 365 days from today, or a day typed (today to a year
 * ahead). Either way the form holds the day's last moment in the browser's zone (`expiresAt`).
 */
export function ApiKeyExpiryField({ control, today }: { control: Control<ApiKeyForm>; today: Date }) {
  const { t, i18n } = useTranslation('apiKey');
  const message = useFieldMessage();
  const { field, fieldState } = useController({ control, name: 'expiresAt' });
  const [choice, setChoice] = useState<string>(String(EXPIRY_PRESETS[1]));
  const [day, setDay] = useState('');

  const choose = (value: string) => {
    setChoice(value);
    field.onChange(value === CUSTOM ? dayEnd(day) : dayEnd(daysAfter(today, Number(value))));
  };
  const type = (value: string) => {
    setDay(value);
    field.onChange(dayEnd(value));
  };
  const error = message(fieldState.error);
  const until = field.value ? t('create.until', { date: formatDateTime(field.value, i18n.language) }) : ' ';

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <TextField
        select
        label={t('create.expiry')}
        value={choice}
        onChange={(e) => choose(e.target.value)}
        helperText={choice === CUSTOM ? ' ' : (error ?? until)}
        error={choice !== CUSTOM && Boolean(error)}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'api-key-expiry' } }}
      >
        {EXPIRY_PRESETS.map((days) => (
          <MenuItem key={days} value={String(days)} data-testid={`api-key-expiry-${days}`}>
            {t('create.days', { count: days })}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM} data-testid={`api-key-expiry-${CUSTOM}`}>
          {t('create.custom')}
        </MenuItem>
      </TextField>
      {choice === CUSTOM && (
        <TextField
          type="date"
          label={t('create.day')}
          value={day}
          onChange={(e) => type(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(error)}
          helperText={error ?? until}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: daysAfter(today, 0),
              max: daysAfter(today, API_KEY_MAX_DAYS),
              'data-testid': 'api-key-expiry-day',
            },
          }}
        />
      )}
    </Stack>
  );
}
