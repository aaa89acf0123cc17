import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { DashboardShortcuts } from './dashboard-shortcuts';
import { UnprotectedVmsCard } from './unprotected-vms-card';

/** The signed-in account and shortcuts to the sections it may use (log code 10009). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { info } = useSession();
  const { menu } = usePermissions();

  const facts = info
    ? ([
        ['companyName', info.companyName],
        ['clientNumber', info.clientNumber],
        ['account', info.account],
      ] as const)
    : null;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {info ? t('welcome', { name: info.companyName || info.account }) : t('title')}
      </Typography>
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
      <UnprotectedVmsCard />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('shortcuts.title')}
      </Typography>
      <DashboardShortcuts menu={menu} />
    </Box>
  );
}
