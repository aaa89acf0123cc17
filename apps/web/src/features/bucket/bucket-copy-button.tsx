import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast/toast-store';
import { TipIconButton } from '../../components/tip-icon-button';

/** Copies a text (a URL, a key) and says whether it could. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation('bucket');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success('bucket.toasts.copied', { what: label }))
      .catch(() => toast.warning('bucket.toasts.copyFailed'));
  return (
    <TipIconButton
      title={t('actions.copyThis', { what: label })}
      icon={<ContentCopy fontSize="inherit" />}
      onClick={copy}
      testId={testId}
    />
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
