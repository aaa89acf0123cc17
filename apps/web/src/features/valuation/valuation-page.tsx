import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CCIS_BYTES_PER_GB, type Valuation, type ValuationItem, type ValuationLine } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { MonthPicker, useMonthChoice } from '../../components/month-picker';
import { PageSpinner } from '../../components/page-spinner';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { codeKey, formatQuantity, formatUnitPrice, priceName } from '../../lib/format/usage';
import { SectionPanel } from '../../components/section-panel';
import { useValuation } from './valuation-api';

/** The bill's order: the spec's fields first (CPUs, RAM, disks, bandwidth, images), then the rest. */
const ORDER: ValuationItem[] = [
  'cpus',
  'ram',
  'disks',
  'bandwidth',
  'chargedImages',
  'publicIps',
  'snapshots',
  'objectStorage',
  'balancers',
  'firewalls',
  'exchanges',
  'clusters',
  'dataStoreCommit',
  'totalExcess',
];
/** Shown even when nothing was used: the spec's fields of a valuation. */
const ALWAYS = new Set<ValuationItem>(['cpus', 'ram', 'disks', 'bandwidth', 'chargedImages']);

/** Five columns from md up; on a phone the name and the figures under it, amounts on the right. */
const ROW_SX = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 2fr) 1.3fr 1.5fr 1fr 1fr' },
  columnGap: 2,
  alignItems: 'baseline',
  py: 1,
} as const;
const NUM_SX = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const WIDE_ONLY = { display: { xs: 'none', md: 'block' } } as const;

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        sx={{ typography: 'h5', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="div">
          {note}
        </Typography>
      )}
    </Box>
  );
}

function BillLine({
  line,
  valuation,
  testId,
}: {
  line: ValuationLine;
  valuation: Valuation;
  testId: string;
}) {
  const { t, i18n } = useTranslation('usage');
  const lang = i18n.language;
  const price = valuation.prices[line.code];
  const name =
    priceName(line.code, valuation.prices, lang) ??
    t(`codes.${codeKey(line.code)}`, { defaultValue: line.code });
  const quantity = t(`units.${line.unit}`, { quantity: formatQuantity(line.quantity, lang) });
  const unitPrice = price
    ? t('valuation:unitPrice', {
        price: formatUnitPrice(line.unitPrice),
        unit: t(`priceUnits.${price.unit}`, { defaultValue: price.unit }),
      })
    : '—';
  const hourly = line.per > 1 ? t('valuation:perHours', { count: line.per }) : '';
  return (
    <Box sx={ROW_SX} data-testid={testId}>
      <Box sx={{ minWidth: 0, pl: { xs: 1, md: 2 } }}>
        <Typography variant="body2">{name}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
          {quantity} × {unitPrice}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ ...NUM_SX, ...WIDE_ONLY }} data-testid={`${testId}-quantity`}>
        {quantity}
      </Typography>
      <Box sx={{ ...WIDE_ONLY, textAlign: 'right' }}>
        <Typography variant="body2" sx={NUM_SX}>
          {unitPrice}
        </Typography>
        {hourly && (
          <Typography variant="caption" color="text.secondary" component="div">
            {hourly}
          </Typography>
        )}
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="body2" sx={NUM_SX} data-testid={`${testId}-amount`}>
          {formatMoney(line.amount)}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ ...NUM_SX, display: { xs: 'block', md: 'none' } }}
        >
          {t('valuation:forecastShort', { amount: formatMoney(line.forecastAmount) })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ ...NUM_SX, ...WIDE_ONLY }}>
        {formatMoney(line.forecastAmount)}
      </Typography>
    </Box>
  );
}

/** The estimate as a bill: each item's lines with quantity, unit price and amount, then the totals. */
function Bill({ valuation }: { valuation: Valuation }) {
  const { t } = useTranslation('valuation');
  const items = ORDER.flatMap((name) => {
    const item = valuation.items.find((i) => i.item === name);
    if (item) return [item];
    return ALWAYS.has(name) ? [{ item: name, lines: [], amount: '0.0000', forecastAmount: '0.0000' }] : [];
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="valuation-bill">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('bill.title')}
      </Typography>
      <Box sx={{ ...ROW_SX, color: 'text.secondary', typography: 'caption' }}>
        <span>{t('bill.item')}</span>
        <Box sx={{ ...NUM_SX, ...WIDE_ONLY }}>{t('bill.quantity')}</Box>
        <Box sx={{ ...NUM_SX, ...WIDE_ONLY }}>{t('bill.unitPrice')}</Box>
        <Box sx={NUM_SX}>{t('bill.monthToDate')}</Box>
        <Box sx={{ ...NUM_SX, ...WIDE_ONLY }}>{t('bill.forecast')}</Box>
      </Box>
      <Divider />
      {items.map((item) => (
        <Fragment key={item.item}>
          <Box sx={{ ...ROW_SX, pt: 1.5 }} data-testid={`valuation-item-${item.item}`}>
            <Typography sx={{ fontWeight: 600 }}>{t(`items.${item.item}`)}</Typography>
            <Box sx={WIDE_ONLY} />
            <Box sx={WIDE_ONLY} />
            <Typography
              sx={{ ...NUM_SX, fontWeight: 600 }}
              data-testid={`valuation-item-${item.item}-amount`}
            >
              {formatMoney(item.amount)}
            </Typography>
            <Typography sx={{ ...NUM_SX, ...WIDE_ONLY, fontWeight: 600 }} color="text.secondary">
              {formatMoney(item.forecastAmount)}
            </Typography>
          </Box>
          {item.lines.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 1, md: 2 }, pb: 1 }}>
              {t('bill.none')}
            </Typography>
          ) : (
            item.lines.map((line) => (
              <BillLine
                key={`${line.code}:${line.per}`}
                line={line}
                valuation={valuation}
                testId={`valuation-line-${item.item}-${line.code}`}
              />
            ))
          )}
          <Divider />
        </Fragment>
      ))}
      <Box sx={{ ...ROW_SX, pt: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('bill.total')}</Typography>
        <Box sx={WIDE_ONLY} />
        <Box sx={WIDE_ONLY} />
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ ...NUM_SX, fontWeight: 700 }} data-testid="valuation-bill-total">
            {formatMoney(valuation.monthToDate)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ ...NUM_SX, display: { xs: 'block', md: 'none' } }}
          >
            {t('forecastShort', { amount: formatMoney(valuation.forecast) })}
          </Typography>
        </Box>
        <Typography sx={{ ...NUM_SX, ...WIDE_ONLY, fontWeight: 700 }} data-testid="valuation-bill-forecast">
          {formatMoney(valuation.forecast)}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
        {t('bill.note')}
      </Typography>
    </Paper>
  );
}

const gbOf = (bytes: number) => bytes / CCIS_BYTES_PER_GB;

/** The data-store commitment against the month's peak of stored data, and the use above it. */
function DataStore({ valuation }: { valuation: Valuation }) {
  const { t, i18n } = useTranslation('valuation');
  const lang = i18n.language;
  const ds = valuation.dataStore;
  const peakGb = gbOf(ds.maximumUsageBytes);
  const gb = (value: number, digits = 0) =>
    t('dataStore.gb', {
      value: new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value),
    });
  const share = ds.commitGb > 0 ? Math.min(100, (peakGb / ds.commitGb) * 100) : 0;
  return (
    <SectionPanel title={t('dataStore.title')} testId="valuation-data-store">
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('dataStore.commit')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="valuation-commit">
            {ds.commitGb > 0 ? gb(ds.commitGb) : t('dataStore.noCommit')}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="valuation-commit-amount">
            {t('money', { amount: formatMoney(ds.commitAmount) })}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('dataStore.maximumUsage')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="valuation-peak">
            {gb(peakGb, 3)}
          </Typography>
          {ds.maximumUsageAt && (
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(ds.maximumUsageAt, lang)}
            </Typography>
          )}
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('dataStore.excess')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="valuation-excess">
            {gb(ds.excessGb)}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="valuation-excess-amount">
            {t('money', { amount: formatMoney(ds.excessAmount) })}
          </Typography>
        </Box>
      </Box>
      {ds.commitGb > 0 && (
        <LinearProgress
          variant="determinate"
          value={share}
          color={ds.excessGb > 0 ? 'warning' : 'primary'}
          aria-label={t('dataStore.maximumUsage')}
          sx={{ height: 8, borderRadius: 4, mb: 1 }}
        />
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {ds.commitGb > 0 ? t('dataStore.noteCommit') : t('dataStore.noteNone')}
      </Typography>
    </SectionPanel>
  );
}

/**
 * The monthly cost estimate (route valuation; spec section 3 "Valuation"): what the month has cost
 * so far from the metered usage, the forecast to its end at the current rate, as a bill.
 */
export default function ValuationPage() {
  const { t, i18n } = useTranslation('valuation');
  const lang = i18n.language;
  const { month, setMonth, answered } = useMonthChoice();
  const valuation = useValuation(month);
  const v = valuation.data;
  const picked = answered(v?.month);
  return (
    <ConsolePage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        picked && <MonthPicker {...picked} onChange={setMonth} label={t('month')} testId="valuation-month" />
      }
    >
      {v ? (
        <Stack spacing={3} data-testid="valuation">
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
              <Figure
                label={t('summary.monthToDate')}
                value={t('money', { amount: formatMoney(v.monthToDate) })}
                note={t('summary.asOf', { date: v.date })}
                testId="valuation-mtd"
              />
              <Figure
                label={t('summary.forecast')}
                value={t('money', { amount: formatMoney(v.forecast) })}
                note={v.hoursLeft > 0 ? t('summary.hoursLeft', { count: v.hoursLeft }) : t('summary.closed')}
                testId="valuation-forecast"
              />
              <Figure
                label={t('summary.vms')}
                value={new Intl.NumberFormat(lang).format(v.vms.count)}
                note={t('summary.vmsAmount', { amount: formatMoney(v.vms.amount) })}
                testId="valuation-vms"
              />
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {v.meteredThrough
                ? t('summary.meteredThrough', { at: formatDateTime(v.meteredThrough, lang) })
                : t('summary.notMetered')}
            </Typography>
          </Paper>
          <Bill valuation={v} />
          <DataStore valuation={v} />
        </Stack>
      ) : (
        <PageSpinner />
      )}
    </ConsolePage>
  );
}
