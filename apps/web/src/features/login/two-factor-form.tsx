import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  TWO_FA_CODE_LENGTH,
  TWO_FA_RESEND_SECONDS,
  all,
  isOtp,
  notEmpty,
  type twoFaVerifySchema,
} from '@portal/shared';
import { FormTextField } from '../../components/form/form-text-field';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { useResendTwoFa, useVerifyTwoFa } from './login-api';
import { reportSignInError } from './two-fa-lock';
import { useCountdown } from '../../lib/use-countdown';

type TwoFaVerify = z.infer<typeof twoFaVerifySchema>;

export interface TwoFaChallenge {
  challenge: string;
  /** The masked address the code went to. */
  email: string;
}

interface TwoFactorFormProps {
  challenge: TwoFaChallenge;
  onVerified: (token: string) => void;
  /** The challenge is gone (finished, unknown or too many wrong codes): sign in again. */
  onRestart: () => void;
  /** Too many wrong codes for the account: its two-factor step is locked until then. */
  onLocked: (until: Date) => void;
}

const CODE_RULE = all(notEmpty, isOtp);

/** The second step: the 6-digit code mailed to the user, with verify and resend. */
export function TwoFactorForm({ challenge, onVerified, onRestart, onLocked }: TwoFactorFormProps) {
  const { t } = useTranslation('login');
  const verify = useVerifyTwoFa();
  const resend = useResendTwoFa();
  // A code was just sent: the button counts down to when the server takes the next one
  // (TWO_FA_RESEND_SECONDS), again after each resend. A resend refused anyway (another tab
  // sent one) answers 429 with Retry-After, and the button waits that long.
  const nextSendAt = () => Date.now() + TWO_FA_RESEND_SECONDS * 1000;
  const [resendAfter, setResendAfter] = useState<number | null>(nextSendAt);
  const wait = useCountdown(resendAfter);
  const { control, handleSubmit, resetField, setFocus } = useForm<TwoFaVerify>({
    defaultValues: { challenge: challenge.challenge, tfa_code: '' },
  });

  // TWO_FA_CODE_ERROR and VERIFY_CODE_ERROR are toasted; the code is cleared for another try.
  // CAN_NOT_FIND_2FA means this challenge is over; TWO_FA_LOCKED, that the account's step is locked.
  const failed = (error: unknown) => {
    reportSignInError(error, onLocked);
    if (isApiError(error) && error.msg === 'CAN_NOT_FIND_2FA') {
      onRestart();
      return;
    }
    if (isApiError(error) && error.msg === 'TWO_FA_LOCKED') return;
    resetField('tfa_code');
    setFocus('tfa_code');
  };

  const submit = (values: TwoFaVerify) =>
    verify.mutate(values, { onSuccess: (result) => onVerified(result.token), onError: failed });

  const sendAgain = () =>
    resend.mutate(challenge.challenge, {
      onSuccess: (result) => {
        toast.success('login.twoFactor.resent', { email: result.email });
        setResendAfter(nextSendAt());
      },
      onError: (error) => {
        reportSignInError(error, onLocked);
        if (!isApiError(error)) return;
        if (error.msg === 'CAN_NOT_FIND_2FA') onRestart();
        else if (error.msg === 'TRY_AGAIN_LATER' && error.retryAfterSeconds)
          setResendAfter(Date.now() + error.retryAfterSeconds * 1000);
      },
    });

  const field = fieldProps(control, t);
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={handleSubmit(submit)}
      data-testid="login-form-2fa"
    >
      <Typography color="text.secondary" data-testid="tfa-sent-to">
        {t('twoFactor.sentTo', { email: challenge.email })}
      </Typography>
      <FormTextField
        {...field('tfa_code', t('fields.tfaCode'))}
        rule={CODE_RULE}
        autoComplete="one-time-code"
        autoFocus
        htmlInput={{ inputMode: 'numeric', maxLength: TWO_FA_CODE_LENGTH }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={verify.isPending}
          sx={{ flex: 1 }}
          data-testid="tfa-verify"
        >
          {t('actions.verify')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          onClick={sendAgain}
          disabled={resend.isPending || wait > 0}
          data-testid="tfa-resend"
        >
          {wait > 0 ? t('actions.resendIn', { seconds: wait }) : t('actions.resend')}
        </Button>
      </Stack>
      <Button onClick={onRestart} color="secondary" data-testid="tfa-back">
        {t('actions.back')}
      </Button>
    </Stack>
  );
}
