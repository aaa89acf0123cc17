import ContentCopy from '@mui/icons-material/ContentCopy';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast/toast-store';
import { TipIconButton } from '../../../components/tip-icon-button';

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
      <TipIconButton
        title={t('clipboard.copy')}
        icon={<ContentCopy fontSize="small" />}
        onClick={copy}
        testId={`${testId}-copy`}
      />
    </Stack>
  );
}
