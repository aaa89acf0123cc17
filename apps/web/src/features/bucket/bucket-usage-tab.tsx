import { Suspense, lazy, useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Bucket } from '@portal/shared';
import { formatDateTime } from '../../lib/format/date-time';
import { useBucketUsage } from './bucket-api';
import { formatBytes, formatCount } from '../../lib/format/bytes';
import { TabEmpty, TabHeader, TabLoadFailed, TabLoading } from './bucket-tab-state';

const BucketUsageChart = lazy(() => import('./bucket-usage-chart'));
const RANGES = [7, 30, 90] as const;

/** How the bucket's size and object count went over the last 7, 30 or 90 days. */
export function BucketUsageTab({ bucket }: { bucket: Bucket }) {
  const { t, i18n } = useTranslation('bucket');
  const [days, setDays] = useState<number>(30);
  const usage = useBucketUsage(bucket.name, days);
  const language = i18n.language;

  let body;
  if (usage.isPending) body = <TabLoading />;
  else if (usage.isError)
    body = (
      <TabLoadFailed error={usage.error} onRetry={() => void usage.refetch()} testId="bucket-usage-failed" />
    );
  else if (usage.data.samples.length === 0)
    body = <TabEmpty testId="bucket-usage-empty">{t('usage.empty', { count: days })}</TabEmpty>;
  else
    body = (
      <Suspense fallback={<TabLoading />}>
        <BucketUsageChart samples={usage.data.samples} />
      </Suspense>
    );

  return (
    <Box data-testid="bucket-usage">
      <TabHeader
        title={t('usage.title')}
        hint={t(bucket.measuredAt ? 'usage.hint' : 'usage.hintUnmeasured', {
          size: formatBytes(bucket.sizeBytes, language),
          count: bucket.objectCount,
          objects: formatCount(bucket.objectCount, language),
          at: formatDateTime(bucket.measuredAt, language),
        })}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_, value: number | null) => value && setDays(value)}
            aria-label={t('usage.range')}
            sx={{ flexShrink: 0 }}
          >
            {RANGES.map((n) => (
              <ToggleButton key={n} value={n} data-testid={`bucket-usage-${n}`} sx={{ px: 1.5 }}>
                {t('usage.days', { count: n })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {body}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('usage.note')}
      </Typography>
    </Box>
  );
}
