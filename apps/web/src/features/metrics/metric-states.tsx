import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { type MetricUnit, formatMetric } from './metric-format';

/** The charts could not be read: the server's reason and a way to ask again. */
export function MetricsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['metrics', 'apiError']);
  const code = isApiError(error) && error.msg ? error.msg : 'networkError';
  return (
    <Alert
      severity="error"
      data-testid="metrics-failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
          {t('retry')}
        </Button>
      }
    >
      {t('loadFailed', { reason: t(`apiError:${code}`, { defaultValue: t('apiError:networkError') }) })}
    </Alert>
  );
}

/** No sample in the window yet: when they come. */
export function MetricsEmpty({ sampleSeconds, children }: { sampleSeconds: number; children?: ReactNode }) {
  const { t } = useTranslation('metrics');
  return (
    <Box sx={{ py: 4, textAlign: 'center' }} data-testid="metrics-empty">
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {sampleSeconds >= 60 ? t('empty') : t('emptyEvery', { count: sampleSeconds })}
      </Typography>
      {children && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}

export interface NowFigure {
  id: string;
  label: string;
  unit: MetricUnit;
  value: number | null | undefined;
}

/** The newest sample's figures, in a row of small boxes (two columns on a phone). */
export function NowFigures({ figures, caption }: { figures: NowFigure[]; caption?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: `repeat(${figures.length}, minmax(0, 1fr))`,
          },
          gap: 1.5,
        }}
      >
        {figures.map((f) => (
          <Box
            key={f.id}
            data-testid={`metric-now-${f.id}`}
            data-value={f.value ?? ''}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, minWidth: 0 }}
          >
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {f.label}
            </Typography>
            <Typography variant="h6" component="div" noWrap sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMetric(f.unit, f.value, i18n.language)}
            </Typography>
          </Box>
        ))}
      </Box>
      {caption && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
          {caption}
        </Typography>
      )}
    </Box>
  );
}

/** How often the page asks again: each minute, or as often as the server samples. */
export function RefreshNote({ seconds = 60 }: { seconds?: number }) {
  const { t } = useTranslation('metrics');
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
      {seconds >= 60 ? t('refreshMinute') : t('refresh', { count: seconds })}
    </Typography>
  );
}
