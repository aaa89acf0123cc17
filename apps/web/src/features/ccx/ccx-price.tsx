import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ClusterSizing, clusterHourlyTotal, clusterMonthlyEstimate } from '@portal/shared';
import { EstimateLines } from '../../components/estimate-lines';
import { usePriceCodes } from '../../lib/api/network-refs';
import { formatMoney } from '../../lib/format/money';

/**
 * A cluster's price, live from the price list with the function the server prices the list with
 * (clusterMonthlyEstimate): line by line, the monthly total, and what an hour costs.
 */
export function ClusterPrice({ sizing, testId }: { sizing: ClusterSizing; testId: string }) {
  const { t } = useTranslation('ccx');
  const prices = usePriceCodes();
  const estimate = prices.data && clusterMonthlyEstimate(prices.data, sizing);
  return (
    <>
      <EstimateLines estimate={estimate} testId={testId} />
      {prices.data && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          data-testid={`${testId}-hourly`}
        >
          {t('values.perHour', { amount: formatMoney(clusterHourlyTotal(prices.data, sizing)) })}
        </Typography>
      )}
    </>
  );
}
