import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { HeaderRow } from '../../components/header-row';

/** A tab's data could not be read: the server's reason and a way to ask again. */
export function TabLoadFailed({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['bucket', 'apiError']);
  const code = isApiError(error) && error.msg ? error.msg : 'networkError';
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
          {t('actions.retry')}
        </Button>
      }
    >
      {t('tabs.loadFailed', {
        reason: t(`apiError:${code}`, { defaultValue: t('apiError:networkError') }),
      })}
    </Alert>
  );
}

export function TabLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress size={28} />
    </Box>
  );
}

/** A tab with nothing in it yet: what would be here, and the way to add one. */
export function TabEmpty({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ py: 3, textAlign: 'center' }}
      data-testid={testId}
    >
      {children}
    </Typography>
  );
}

/** A tab's heading with its explanation on the left and its button on the right. */
export function TabHeader({ title, hint, action }: { title: string; hint?: ReactNode; action?: ReactNode }) {
  return (
    <HeaderRow>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
      {action}
    </HeaderRow>
  );
}
