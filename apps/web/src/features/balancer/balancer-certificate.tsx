import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { type Balancer, certificateExpiry } from '@portal/shared';
import { formatDateTime } from '../../lib/format/date-time';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The day a certificate ends, in the reader's language ("Dec 16, 2026"). */
export function formatDay(iso: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format)
    dateFormats.set(language, (format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })));
  return format.format(new Date(iso));
}

/** A phone's line about the certificate: until when, or that it expires soon or has. */
export function certificateLine(b: Balancer, t: TFunction, language: string): string | null {
  const state = certificateExpiry(b.certificateExpiresAt, new Date());
  if (state === 'none' || b.certificateExpiresAt === null) return null;
  const day = formatDay(b.certificateExpiresAt, language);
  return state === 'valid' ? t('values.certificateUntil', { day }) : t(`values.${state}`, { when: day });
}

/**
 * The day its certificate expires, with a warning sign and in warning colours within 30 days, in
 * error colours once past; the full time and what it means on hover.
 */
export function CertificateExpiry({
  balancer,
  t,
  language,
}: {
  balancer: Balancer;
  t: TFunction;
  language: string;
}) {
  const state = certificateExpiry(balancer.certificateExpiresAt, new Date());
  if (state === 'none' || balancer.certificateExpiresAt === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('values.noCertificate')}
      </Typography>
    );
  const when = formatDateTime(balancer.certificateExpiresAt, language);
  const warn = state !== 'valid';
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      title={warn ? t(`values.${state}`, { when }) : when}
      data-testid={`balancer-expiry-${balancer.uuid}`}
      data-state={state}
    >
      {warn && (
        <WarningAmber
          fontSize="small"
          color={state === 'expired' ? 'error' : 'warning'}
          titleAccess={t(`values.${state}`, { when })}
        />
      )}
      <Typography
        component="span"
        variant="body2"
        color={state === 'expired' ? 'error' : state === 'expiring' ? 'warning.main' : 'text.primary'}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {formatDay(balancer.certificateExpiresAt, language)}
      </Typography>
    </Box>
  );
}
