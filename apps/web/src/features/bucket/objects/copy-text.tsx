import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast/toast-store';

/** A link shown whole (it wraps on a phone) with a button that copies it. */
export function CopyText({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('bucketObjects');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success('bucketObjects:toasts.linkCopied'))
      .catch(() => toast.warning('bucketObjects:toasts.copyFailed'));
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Typography
        variant="body2"
        sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' }}
        data-testid={testId}
      >
        {text}
      </Typography>
      <Tooltip title={t('clipboard.copy')}>
        <IconButton
          size="small"
          onClick={copy}
          aria-label={t('clipboard.copy')}
          data-testid={`${testId}-copy`}
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
