import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Estimate } from '@portal/shared';
import { formatMoney } from '../lib/format/money';

/** A price-list code as a translation key (`vm.public-ip` → `vm_public_ip`): keys hold no dots. */
const codeKey = (code: string) => code.replace(/[.-]/g, '_');

/**
 * A monthly estimate line by line (vCPU, memory, licence, address, volumes) and its total, as the
 * price list gives it, then what is charged on top by use at its unit price (data sent, data
 * stored); shown live beside a create or resize form.
 */
export function EstimateLines({
  estimate,
  testId = 'estimate',
}: {
  estimate: Estimate | undefined;
  testId?: string;
}) {
  const { t } = useTranslation('resource');
  if (!estimate) return <Typography color="text.secondary">{t('price.loading')}</Typography>;
  return (
    <Box data-testid={testId}>
      {estimate.lines.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }} data-testid={`${testId}-none`}>
          {t('price.noFixed')}
        </Typography>
      )}
      {estimate.lines.map((line) => (
        <Box key={line.code} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">
              {t(`price.codes.${codeKey(line.code)}`, { defaultValue: line.code })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t(`price.units.${codeKey(line.code)}`, {
                quantity: line.quantity.toLocaleString(),
                defaultValue: String(line.quantity),
              })}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(line.amount)}
          </Typography>
        </Box>
      ))}
      <Divider sx={{ my: 1 }} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          columnGap: 1,
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>{t('price.total')}</Typography>
        <Typography
          component="p"
          sx={{ typography: 'h6', fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-testid={`${testId}-total`}
        >
          {t('price.perMonth', { amount: formatMoney(estimate.total) })}
        </Typography>
      </Box>
      {estimate.rates.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" color="text.secondary">
            {t('price.byUse')}
          </Typography>
          {estimate.rates.map((rate) => (
            <Box
              key={rate.code}
              sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.5 }}
              data-testid={`${testId}-rate-${rate.code}`}
            >
              <Typography variant="body2">
                {t(`price.codes.${codeKey(rate.code)}`, { defaultValue: rate.code })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {t(`price.rates.${codeKey(rate.code)}`, {
                  price: formatMoney(rate.unitPrice),
                  defaultValue: formatMoney(rate.unitPrice),
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
