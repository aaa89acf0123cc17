import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Schedule from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import type { BulkOutcome } from '../../lib/resource-kit/bulk-run';
import { toI18nKey } from '../../lib/i18n/message-key';

export interface BulkRunView {
  action: string;
  names: string[];
  outcomes: BulkOutcome[];
}

function OutcomeIcon({ outcome }: { outcome: BulkOutcome }) {
  switch (outcome.status) {
    case 'running':
      return <CircularProgress size={18} aria-hidden />;
    case 'done':
      return <CheckCircle color="success" fontSize="small" />;
    case 'failed':
      return <ErrorOutline color="error" fontSize="small" />;
    case 'skipped':
      return <RemoveCircleOutline color="warning" fontSize="small" />;
    default:
      return <Schedule color="disabled" fontSize="small" />;
  }
}

/** A bulk run row by row: what is running, what is done, what failed or was skipped and why. */
export function BulkProgressDialog({ run, onClose }: { run: BulkRunView; onClose: () => void }) {
  const { t } = useTranslation(['resource', 'apiError']);
  const finished = run.outcomes.filter((o) => o.status !== 'pending' && o.status !== 'running').length;
  const count = (status: BulkOutcome['status']) => run.outcomes.filter((o) => o.status === status).length;
  const over = finished === run.outcomes.length;
  return (
    <Dialog open onClose={over ? onClose : undefined} fullWidth maxWidth="sm" data-testid="bulk-progress">
      <DialogTitle>{t('bulk.progressTitle', { action: run.action, count: run.outcomes.length })}</DialogTitle>
      <DialogContent>
        <LinearProgress
          variant="determinate"
          value={(finished / Math.max(run.outcomes.length, 1)) * 100}
          aria-label={t('bulk.progress', { finished, count: run.outcomes.length })}
        />
        <Box
          sx={{ mt: 1, typography: 'body2', color: 'text.secondary' }}
          data-testid="bulk-summary"
          aria-live="polite"
        >
          {t('bulk.summary', { done: count('done'), failed: count('failed'), skipped: count('skipped') })}
        </Box>
        <List dense>
          {run.names.map((name, index) => {
            const outcome = run.outcomes[index] ?? { status: 'pending' };
            return (
              <ListItem
                key={`${index}-${name}`}
                disableGutters
                data-testid={`bulk-row-${index}`}
                data-status={outcome.status}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <OutcomeIcon outcome={outcome} />
                </ListItemIcon>
                <ListItemText
                  primary={name}
                  secondary={
                    'message' in outcome
                      ? t(toI18nKey(outcome.message), { defaultValue: t('apiError:unexpectedServerError') })
                      : t(`bulk.status.${outcome.status}`)
                  }
                  slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!over} variant="contained" data-testid="bulk-close">
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
