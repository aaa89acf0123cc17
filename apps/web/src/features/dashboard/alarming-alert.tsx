import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath, type Dashboard } from '@portal/shared';
import { kindPath } from './kind-links';

/** Alarms alarming now, named (each to its page), in an alert that stands out; nothing when none is. */
export function AlarmingAlert({ dashboard }: { dashboard: Dashboard | undefined }) {
  const { t } = useTranslation('dashboard');
  const count = dashboard?.counts.alarms?.states.alarming ?? 0;
  const named = dashboard?.alarming ?? [];
  if (count === 0) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      sx={{ mb: 3 }}
      data-testid="dashboard-alarming"
      action={
        <Button
          component={RouterLink}
          to={kindPath('alarms', 'alarming') ?? routePath('alarm')}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('alarming.show')}
        </Button>
      }
    >
      <AlertTitle>{t('alarming.title', { count })}</AlertTitle>
      {named.map((alarm, i) => (
        <span key={alarm.uuid}>
          {i > 0 && ', '}
          <Link
            component={RouterLink}
            to={routePath('alarmEdit', { id: alarm.uuid })}
            color="inherit"
            sx={{ fontWeight: 600, wordBreak: 'break-word' }}
          >
            {alarm.alarmName}
          </Link>
        </span>
      ))}
      {count > named.length && ` ${t('alarming.more', { count: count - named.length })}`}
    </Alert>
  );
}
