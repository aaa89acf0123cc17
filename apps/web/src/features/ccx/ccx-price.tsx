import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ClusterSizing, clusterHourlyTotal, clusterMonthlyEstimate } from '@portal/shared';
import { EstimateLines } from '../../components/estimate-lines';
import { usePriceCodes } from '../products';
import { formatMoney } from '../../lib/format/money';

/** What an hour of the cluster costs (exact: the list's prices are hourly), under its monthly price. */
export function ClusterHourly({ sizing, testId }: { sizing: ClusterSizing; testId: string }) {
  const { t } = useTranslation('ccx');
  const prices = usePriceCodes();
  if (!prices.data) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      data-testid={`${testId}-hourly`}
    >
      {t('values.perHour', { amount: formatMoney(clusterHourlyTotal(prices.data, sizing)) })}
    </Typography>
  );
}

/** The cluster's monthly estimate, live from the price list with the function the server prices the list with. */
export function useClusterEstimate(sizing: ClusterSizing) {
  const prices = usePriceCodes();
  return prices.data && clusterMonthlyEstimate(prices.data, sizing);
}

/**
 * A cluster's price (clusterMonthlyEstimate): line by line, the monthly total, and what an hour
 * costs.
 */
export function ClusterPrice({ sizing, testId }: { sizing: ClusterSizing; testId: string }) {
  return (
    <>
      <EstimateLines estimate={useClusterEstimate(sizing)} testId={testId} />
      <ClusterHourly sizing={sizing} testId={testId} />
    </>
  );
}
