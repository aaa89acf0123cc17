import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TWO_FA_LOCK_MS } from '@portal/shared';
import { isApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { formatDateTime } from '../../lib/format/date-time';

/**
 * Report a failed sign-in call: a two-factor lock (too many wrong codes for the account) goes to
 * `onLocked` with the time it lifts, for the page to show until then; anything else is toasted.
 */
export function reportSignInError(error: unknown, onLocked: (until: Date) => void): void {
  if (!isApiError(error)) return;
  if (error.msg === 'TWO_FA_LOCKED') {
    const ms = error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : TWO_FA_LOCK_MS;
    onLocked(new Date(Date.now() + ms));
  } else {
    reportApiError(error);
  }
}

/** The lock, plainly: why, until when, that it ends by itself, and the way out now (a reset). */
export function TwoFaLockedAlert({ until }: { until: Date }) {
  const { t, i18n } = useTranslation('login');
  return (
    <Alert severity="error" sx={{ mb: 3 }} data-testid="tfa-locked">
      <AlertTitle>{t('twoFactor.locked.title')}</AlertTitle>
      {t('twoFactor.locked.body', { time: formatDateTime(until.toISOString(), i18n.language) })}{' '}
      <Link component={RouterLink} to="/forgetPassword" data-testid="tfa-locked-reset">
        {t('twoFactor.locked.reset')}
      </Link>
    </Alert>
  );
}
