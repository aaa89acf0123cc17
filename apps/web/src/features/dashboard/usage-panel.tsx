import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CCIS_BYTES_PER_GB, routePath, type Dashboard, type DashboardSpend } from '@portal/shared';
import { formatCount } from '../../lib/format/bytes';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { formatMonth } from '../../lib/format/usage';
import { gauge } from './usage-gauge';

/** A labelled figure, with a bar when it is measured against a limit. */
function Meter(props: {
  label: string;
  value: string;
  testId: string;
  used?: number | string;
  limit?: number | string;
}) {
  const bar = props.limit === undefined ? null : gauge(props.used ?? 0, props.limit);
  return (
    <Box data-testid={props.testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {props.label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`${props.testId}-value`}>
          {props.value}
        </Typography>
      </Box>
      {bar && (
        <LinearProgress
          variant="determinate"
          value={bar.percent}
          color={bar.color}
          sx={{ mt: 0.75, height: 8, borderRadius: 4 }}
          aria-label={props.label}
        />
      )}
    </Box>
  );
}

function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>{children}</Box>
    </Paper>
  );
}

function SpendSection({ spend }: { spend: DashboardSpend }) {
  const { t, i18n } = useTranslation('dashboard');
  const budget = spend.budget;
  return (
    <Section
      title={t('spend.title', { month: formatMonth(spend.month, i18n.language) })}
      testId="dashboard-spend"
      action={
        <Button component={RouterLink} to={routePath('valuation')} size="small">
          {t('spend.details')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        {(['monthToDate', 'forecast'] as const).map((key) => (
          <Box key={key}>
            <Typography variant="body2" color="text.secondary">
              {t(`spend.${key}`)}
            </Typography>
            <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }} data-testid={`dashboard-spend-${key}`}>
              NT$ {formatMoney(spend[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      {budget ? (
        <Meter
          label={t('spend.budget', { name: budget.alarmName })}
          value={t('spend.budgetValue', {
            spent: `NT$ ${formatMoney(spend.monthToDate)}`,
            budget: formatMoney(budget.amount),
            pct: budget.thresholdPct,
          })}
          used={spend.monthToDate}
          limit={budget.amount}
          testId="dashboard-budget"
        />
      ) : budget === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('spend.noBudget')}
        </Typography>
      ) : null}
      {spend.meteredThrough && (
        <Typography variant="caption" color="text.secondary">
          {t('spend.metered', { time: formatDateTime(spend.meteredThrough, i18n.language) })}
        </Typography>
      )}
    </Section>
  );
}

/**
 * Usage against the limits the product enforces (firewalls, API keys, the data-store commitment),
 * what the running VMs hold (no quota: the figures alone) and the month's spend with the budget.
 */
export function UsagePanel({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const n = (value: number) => formatCount(value, i18n.language);
  // The data store counts decimal GB (CCIS_BYTES_PER_GB), as its contract page does.
  const gb = (bytes: number) =>
    `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(bytes / CCIS_BYTES_PER_GB)} GB`;
  if (!dashboard) {
    return (
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }} data-testid="dashboard-usage-skeleton">
        <Skeleton width="30%" height={32} />
        <Skeleton />
        <Skeleton />
        <Skeleton width="60%" />
      </Paper>
    );
  }
  const { usage, spend } = dashboard;
  const hasUsage =
    usage.running ||
    usage.diskGb ||
    usage.dataDisksPerVm ||
    usage.dataStore !== undefined ||
    usage.limits.length > 0;
  if (!hasUsage && !spend) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: spend && hasUsage ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
        mb: 3,
      }}
    >
      {hasUsage && (
        <Section title={t('usage.title')} testId="dashboard-usage">
          {usage.running && (
            <Meter
              label={t('usage.running')}
              value={t('usage.runningValue', {
                vms: n(usage.running.vms),
                vcpu: n(usage.running.vcpu),
                ramGb: n(usage.running.ramGb),
              })}
              testId="dashboard-usage-running"
            />
          )}
          {usage.diskGb && (
            <Meter
              label={t('usage.diskGb')}
              value={t('usage.diskGbValue', {
                total: n(usage.diskGb.total),
                attached: n(usage.diskGb.attached),
              })}
              testId="dashboard-usage-disks"
            />
          )}
          {usage.dataDisksPerVm && (
            <Meter
              label={t('usage.dataDisksPerVm')}
              value={t('usage.dataDisksPerVmValue', {
                limit: usage.dataDisksPerVm.limit,
                count: usage.dataDisksPerVm.vmsAtLimit,
              })}
              testId="dashboard-usage-data-disks"
            />
          )}
          {(usage.running || usage.diskGb) && (
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
              {t('usage.noQuota')}
            </Typography>
          )}
          {usage.limits.map((limit) => (
            <Meter
              key={limit.id}
              label={t(`usage.limits.${limit.id}`)}
              value={t('usage.of', { used: n(limit.used), limit: n(limit.limit) })}
              used={limit.used}
              limit={limit.limit}
              testId={`dashboard-limit-${limit.id}`}
            />
          ))}
          {usage.dataStore ? (
            <Meter
              label={t('usage.dataStore')}
              value={t('usage.dataStoreValue', {
                used: gb(usage.dataStore.usedBytes),
                commit: n(usage.dataStore.commitGb),
                expireDate: usage.dataStore.expireDate,
              })}
              used={usage.dataStore.usedBytes}
              limit={usage.dataStore.commitGb * CCIS_BYTES_PER_GB}
              testId="dashboard-data-store"
            />
          ) : usage.dataStore === null ? (
            <Typography variant="body2" color="text.secondary">
              {t('usage.noDataStore')}
            </Typography>
          ) : null}
        </Section>
      )}
      {spend && <SpendSection spend={spend} />}
    </Box>
  );
}
