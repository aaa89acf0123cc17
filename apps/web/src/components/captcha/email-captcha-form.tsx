import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Refresh from '@mui/icons-material/Refresh';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Captcha, type EmailCaptchaBody, emailCaptchaSchema, isCaptcha } from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { FormEmailField, FormTextField } from '../form/form-text-field';
import { fieldProps } from '../form/field-props';

export interface EmailCaptchaFormProps {
  /** Sends the form; a failure has been toasted by the api client, and a new captcha is drawn. */
  onSubmit: (body: EmailCaptchaBody) => Promise<void>;
  submitLabel: string;
  emailLabel?: string;
  /** A fixed address (a mail sent again to it): only the captcha is asked for. */
  email?: string;
}

/**
 * An email and a captcha (lowercase letters and digits, drawn by the server as an SVG). A captcha
 * works once, so every answer sent, right or wrong, is followed by a fresh one.
 */
export function EmailCaptchaForm({ onSubmit, submitLabel, emailLabel, email }: EmailCaptchaFormProps) {
  const { t } = useTranslation('captcha');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, setValue } = useForm<EmailCaptchaBody>({
    resolver: zodResolver(emailCaptchaSchema),
    defaultValues: { email: email ?? '', captcha: '', captchaId: '' },
  });

  const refresh = useCallback(async () => {
    const next = await api.get<Captcha>('/captcha', { track: false });
    setCaptcha(next);
    setValue('captchaId', next.id);
    setValue('captcha', '');
  }, [setValue]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const submit = async (body: EmailCaptchaBody) => {
    setBusy(true);
    try {
      await onSubmit(body);
    } catch {
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const field = fieldProps(control, t);
  return (
    <Stack
      component="form"
      spacing={1}
      noValidate
      onSubmit={handleSubmit(submit)}
      data-testid="email-captcha-form"
    >
      {email === undefined && (
        <FormEmailField {...field('email', emailLabel ?? t('email'))} autoComplete="email" autoFocus />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          {...field('captcha', t('label'))}
          rule={isCaptcha}
          autoComplete="off"
          autoFocus={email !== undefined}
          sx={{ flex: 1 }}
          htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <Box
          sx={{
            width: 150,
            height: 56,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
            flexShrink: 0,
          }}
        >
          {captcha && (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
              alt={t('imageAlt')}
              width={148}
              height={54}
              data-testid="captcha-image"
              data-captcha-id={captcha.id}
            />
          )}
        </Box>
        <Tooltip title={t('refresh')}>
          <IconButton
            aria-label={t('refresh')}
            onClick={() => void refresh()}
            sx={{ mt: 1 }}
            data-testid="captcha-refresh"
          >
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy || !captcha}
        data-testid="email-captcha-submit"
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
