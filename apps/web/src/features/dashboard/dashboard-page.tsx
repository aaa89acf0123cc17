import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Refresh from '@mui/icons-material/Refresh';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { formatDateTime } from '../../lib/format/date-time';
import { TipIconButton } from '../../components/tip-icon-button';
import { AlarmingAlert } from './alarming-alert';
import { AnnouncementList } from './announcement-list';
import { useAnnouncements, useDashboard } from './dashboard-api';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { DocumentsCard } from './documents-card';
import { ResourceCounts } from './resource-counts';
import { UnprotectedVmsCard } from './unprotected-vms-card';
import { UsagePanel } from './usage-panel';

/**
 * The console's first page (log code 10009): the account, alarms alarming, the provider's
 * announcements, the counts of every resource the user may see, usage against limits and the
 * month's spend (asked again about every minute), shortcuts and documents.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { info } = useSession();
  const { menu } = usePermissions();
  const dashboard = useDashboard();
  const announcements = useAnnouncements();
  const data = dashboard.data;

  const facts = info
    ? ([
        ['companyName', info.companyName],
        ['clientNumber', info.clientNumber],
        ['account', info.account],
      ] as const)
    : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mr: 'auto', wordBreak: 'break-word' }}>
          {info ? t('welcome', { name: info.companyName || info.account }) : t('title')}
        </Typography>
        {data && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="body2" color="text.secondary" data-testid="dashboard-updated">
              {t('updated', { time: formatDateTime(data.at, i18n.language) })}
            </Typography>
            <TipIconButton
              title={t('refresh')}
              icon={<Refresh fontSize="small" />}
              onClick={() => void Promise.all([dashboard.refetch(), announcements.refetch()])}
              testId="dashboard-refresh"
            />
          </Box>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} data-testid="dashboard-account-card">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('account.title')}
          </Typography>
          {info && (
            <Chip
              size="small"
              color={info.isRoot ? 'primary' : 'info'}
              label={t(info.isRoot ? 'account.root' : 'account.iam')}
              data-testid="dashboard-role"
            />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {(
            facts ?? (['companyName', 'clientNumber', 'account'] as const).map((k) => [k, null] as const)
          ).map(([key, value]) => (
            <Box key={key}>
              <Typography variant="body2" color="text.secondary">
                {t(`account.${key}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }} data-testid={`dashboard-${key}`}>
                {value ?? <Skeleton width="60%" />}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <AlarmingAlert dashboard={data} />
      <AnnouncementList announcements={announcements.data} />
      <UnprotectedVmsCard />
      {dashboard.isError && !data && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('loadFailed')}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('counts.title')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <ResourceCounts dashboard={data} />
      </Box>
      <UsagePanel dashboard={data} />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('shortcuts.title')}
      </Typography>
      <DashboardShortcuts menu={menu} />
      <Box sx={{ mt: 3 }}>
        <DocumentsCard />
      </Box>
    </Box>
  );
}
