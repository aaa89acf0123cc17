import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast/toast-store';

/** Copies a text (a URL, a key) and says whether it could. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation('bucket');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success('bucket.toasts.copied', { what: label }))
      .catch(() => toast.warning('bucket.toasts.copyFailed'));
  return (
    <Tooltip title={t('actions.copyThis', { what: label })}>
      <IconButton
        size="small"
        onClick={copy}
        aria-label={t('actions.copyThis', { what: label })}
        data-testid={testId}
      >
        <ContentCopy fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

/** A value in a monospaced line with its copy button. */
export function CopyableText({ text, label, testId }: { text: string; label: string; testId?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}>
      <code style={{ fontSize: 13, wordBreak: 'break-all' }} data-testid={testId}>
        {text}
      </code>
      <CopyButton text={text} label={label} testId={testId && `${testId}-copy`} />
    </span>
  );
}
