import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type EmailCaptchaBody, type ErrorCode, isEmail } from '@portal/shared';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toast/toast-store';
import { useCountdown } from '../../lib/use-countdown';
import { EmailCaptchaForm } from './email-captcha-form';

/** The history state a page that sent a mail leaves for its done page: when it was sent. */
export const mailSentState = () => ({ mailSentAt: Date.now() });

/** When the page's mail was sent (the state its form left), else when the page was opened. */
function useMailSentAt(): number {
  const { state } = useLocation();
  const [sentAt] = useState(() => {
    const at = (state as { mailSentAt?: unknown } | null)?.mailSentAt;
    return typeof at === 'number' ? at : Date.now();
  });
  return sentAt;
}

/** "1:59" under an hour, "23:59:59" above. */
export function waitText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export interface MailResendProps {
  /** Where the mail went (the done page's address). */
  email: string;
  /** How long the server refuses another mail to the address after one: the button counts it down. */
  windowMs: number;
  /** The server's refusal of a mail within that window. */
  repeatCode: ErrorCode;
  /** Asks for the mail again, as the first time (the same call, a new captcha). */
  send: (body: EmailCaptchaBody) => Promise<unknown>;
  testId: string;
}

/**
 * "Send again" on a page that says a mail is on its way: off, counting down, until the server's
 * window after the first mail has passed; then a new captcha sends it again, and the count starts
 * over. A refusal within the window (another tab sent one) or past the day's limit (its
 * Retry-After) sets the count to what the server said.
 */
export function MailResend({ email, windowMs, repeatCode, send, testId }: MailResendProps) {
  const { t } = useTranslation(['captcha', 'common']);
  const sentAt = useMailSentAt();
  const [resendAfter, setResendAfter] = useState(sentAt + windowMs);
  const [asking, setAsking] = useState(false);
  const wait = useCountdown(resendAfter);
  if (isEmail(email) !== true) return null;

  const sendAgain = async (body: EmailCaptchaBody) => {
    try {
      await send(body);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.msg === repeatCode) setResendAfter(Date.now() + windowMs);
      else if (error.msg === 'TRY_AGAIN_LATER' && error.retryAfterSeconds)
        setResendAfter(Date.now() + error.retryAfterSeconds * 1000);
      // Anything else (a wrong captcha) leaves the dialog open with a new captcha.
      else throw error;
      setAsking(false);
      return;
    }
    toast.success('captcha.resend.sent', { email });
    setResendAfter(Date.now() + windowMs);
    setAsking(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => setAsking(true)}
        disabled={wait > 0}
        data-testid={`${testId}-resend`}
      >
        {wait > 0 ? t('resend.in', { wait: waitText(wait) }) : t('resend.action')}
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby={`${testId}-resend-title`}
        data-testid={`${testId}-resend-dialog`}
      >
        <DialogTitle id={`${testId}-resend-title`}>{t('resend.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('resend.lead', { email })}</DialogContentText>
          <EmailCaptchaForm email={email} submitLabel={t('resend.send')} onSubmit={sendAgain} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} color="secondary">
            {t('common:actions.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
