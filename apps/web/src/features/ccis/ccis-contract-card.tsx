import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  type CcisContract,
  CCIS_BYTES_PER_GB,
  ccisExcessEstimate,
  ccisMonthlyEstimate,
} from '@portal/shared';
import { usePriceCodes } from '../products';
import { formatMoney } from '../../lib/format/money';
import { toast } from '../../lib/toast/toast-store';
import { SectionPanel } from '../../components/section-panel';
import { useSetCcisAutoExtend } from './ccis-api';
import { formatGb } from './ccis-format';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The contract in force: commitment, term, auto-extend, a reduction waiting, use against it. */
export function CcisContractCard({ contract, canManage }: { contract: CcisContract; canManage: boolean }) {
  const { t, i18n } = useTranslation('ccis');
  const prices = usePriceCodes();
  const autoExtend = useSetCcisAutoExtend();
  const { current, pending } = contract;
  const usedGb = contract.usedBytes / CCIS_BYTES_PER_GB;
  const commitGb = current?.commitGb ?? 0;
  const share = commitGb > 0 ? Math.min(100, (usedGb / commitGb) * 100) : 0;
  const lang = i18n.language;
  return (
    <SectionPanel title={t('contract.title')} testId="ccis-contract">
      {current ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 2,
          }}
        >
          <Fact
            label={t('contract.commit')}
            value={t('values.gb', { value: formatGb(current.commitGb, lang) })}
            testId="ccis-current-commit"
          />
          <Fact
            label={t('contract.monthly')}
            value={
              prices.data
                ? t('values.perMonth', {
                    amount: formatMoney(ccisMonthlyEstimate(prices.data, current.commitGb).total),
                  })
                : '…'
            }
            testId="ccis-current-monthly"
          />
          <Fact label={t('contract.begin')} value={current.beginDate} testId="ccis-current-begin" />
          <Fact label={t('contract.expire')} value={current.expireDate} testId="ccis-current-expire" />
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="ccis-no-contract">
          {t('contract.none')}
        </Typography>
      )}

      {current && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mb: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={current.autoExtend}
                disabled={!canManage || autoExtend.isPending}
                onChange={(_e, checked) =>
                  autoExtend.mutate(checked, {
                    onSuccess: () =>
                      toast.success(checked ? 'ccis.toasts.autoExtendOn' : 'ccis.toasts.autoExtendOff'),
                  })
                }
                slotProps={{ input: { 'aria-describedby': 'ccis-auto-extend-hint' } }}
                data-testid="ccis-auto-extend"
              />
            }
            label={t('contract.autoExtend')}
          />
          <Typography variant="body2" color="text.secondary" id="ccis-auto-extend-hint">
            {current.autoExtend
              ? t('contract.autoExtendOn', { months: current.months, date: current.expireDate })
              : t('contract.autoExtendOff', { date: current.expireDate })}
          </Typography>
        </Box>
      )}

      {pending && (
        <Alert severity="info" sx={{ my: 2 }} data-testid="ccis-pending">
          {t('contract.pending', {
            date: pending.beginDate,
            value: formatGb(pending.commitGb, lang),
            expire: pending.expireDate,
          })}
        </Alert>
      )}

      <Box sx={{ mt: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('usage.title')}
          </Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="ccis-usage">
            {current
              ? t('usage.ofCommit', { used: formatGb(usedGb, lang, 2), commit: formatGb(commitGb, lang) })
              : t('usage.used', { used: formatGb(usedGb, lang, 2) })}
          </Typography>
        </Box>
        {current && (
          <LinearProgress
            variant="determinate"
            value={share}
            color={contract.excessGb > 0 ? 'warning' : 'primary'}
            sx={{ height: 8, borderRadius: 4, my: 1 }}
            aria-label={t('usage.title')}
          />
        )}
        {(current || contract.excessGb > 0) && (
          <Typography
            variant="body2"
            color={contract.excessGb > 0 ? 'warning.main' : 'text.secondary'}
            data-testid="ccis-excess"
          >
            {contract.excessGb > 0
              ? t('usage.excess', {
                  value: formatGb(contract.excessGb, lang),
                  amount: prices.data
                    ? formatMoney(ccisExcessEstimate(prices.data, contract.excessGb).total)
                    : '…',
                })
              : t('usage.noExcess')}
          </Typography>
        )}
      </Box>
    </SectionPanel>
  );
}
