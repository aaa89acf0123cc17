import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from './use-upload-queue';

const STATUS_COLOR = {
  waiting: 'text.secondary',
  uploading: 'text.secondary',
  done: 'success.main',
  failed: 'error.main',
  cancelled: 'text.secondary',
} as const;

function UploadRow({ item, onCancel }: { item: UploadItem; onCancel: (id: number) => void }) {
  const { t } = useTranslation(['bucketObjects', 'apiError']);
  const active = item.status === 'waiting' || item.status === 'uploading';
  const percent = Math.round(item.progress * 100);
  return (
    <Box
      data-testid="upload-item"
      data-status={item.status}
      sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
          {item.key}
        </Typography>
        <Typography
          variant="caption"
          sx={{ color: STATUS_COLOR[item.status], whiteSpace: 'nowrap' }}
          data-testid="upload-item-status"
        >
          {item.status === 'uploading' ? t('upload.percent', { percent }) : t(`upload.status.${item.status}`)}
        </Typography>
        {active && (
          <IconButton
            size="small"
            aria-label={t('upload.cancelOne', { name: item.key })}
            onClick={() => onCancel(item.id)}
            data-testid="upload-item-cancel"
          >
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {active && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={t('upload.progressOf', { name: item.key })}
          sx={{ mt: 0.5 }}
        />
      )}
      {item.status === 'failed' && item.reason && (
        <Typography variant="caption" color="error" data-testid="upload-item-reason">
          {t(item.reason)}
        </Typography>
      )}
    </Box>
  );
}

/** The upload queue: a row per file with its progress bar, then what became of it. */
export function UploadPanel({
  items,
  onCancel,
  onCancelAll,
  onClear,
}: {
  items: UploadItem[];
  onCancel: (id: number) => void;
  onCancelAll: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('bucketObjects');
  if (items.length === 0) return null;
  const count = (status: UploadItem['status']) => items.filter((i) => i.status === status).length;
  const active = count('waiting') + count('uploading');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="upload-panel">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="subtitle2" data-testid="upload-summary">
          {t('upload.summary', {
            done: count('done'),
            total: items.length,
            failed: count('failed'),
            cancelled: count('cancelled'),
          })}
        </Typography>
        <Stack direction="row" spacing={1}>
          {active > 0 && (
            <Button size="small" color="secondary" onClick={onCancelAll} data-testid="upload-cancel-all">
              {t('upload.cancelAll')}
            </Button>
          )}
          {active < items.length && (
            <Button size="small" color="secondary" onClick={onClear} data-testid="upload-clear">
              {t('upload.clear')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onCancel={onCancel} />
        ))}
      </Box>
    </Paper>
  );
}
