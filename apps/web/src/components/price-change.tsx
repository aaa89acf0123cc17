import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Estimate, estimateChange } from '@portal/shared';
import { formatMoney } from '../lib/format/money';
import { EstimateLines } from './estimate-lines';

/**
 * One side of a change: its heading, its estimate (undefined while the price list loads), a note
 * in words under it (what is charged when), and anything else to show there.
 */
export interface PriceSide {
  title?: ReactNode;
  estimate: Estimate | undefined;
  note?: ReactNode;
  footer?: ReactNode;
}

function Side({ side, fallback, testId }: { side: PriceSide; fallback: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {side.title ?? fallback}
      </Typography>
      <EstimateLines estimate={side.estimate} testId={testId} />
      {side.footer}
      {side.note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {side.note}
        </Typography>
      )}
    </Box>
  );
}

/**
 * What a form does to the monthly price, from the one price list: the price now and after the
 * change side by side (`<testId>-now`, `<testId>-next`) and the difference (`<testId>-change`); a
 * create has no "now" and shows what the new resource will cost (`<testId>`).
 */
export function PriceChange({
  before,
  after,
  testId,
}: {
  before?: PriceSide;
  after: PriceSide;
  testId: string;
}) {
  const { t } = useTranslation('resource');
  if (!before) return <Side side={after} fallback={t('price.create')} testId={testId} />;
  const change = before.estimate && after.estimate && estimateChange(before.estimate, after.estimate);
  const amount = change?.replace(/^-/, '') ?? '';
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3 }}>
        <Side side={before} fallback={t('price.now')} testId={`${testId}-now`} />
        <Side side={after} fallback={t('price.next')} testId={`${testId}-next`} />
      </Box>
      {change !== undefined && (
        <Typography
          sx={{ mt: 2, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-change`}
        >
          {change === '0.0000'
            ? t('price.change.none')
            : t(change.startsWith('-') ? 'price.change.down' : 'price.change.up', {
                amount: formatMoney(amount),
              })}
          {after.estimate && after.estimate.rates.length > 0 && ` ${t('price.change.byUse')}`}
        </Typography>
      )}
    </Box>
  );
}
