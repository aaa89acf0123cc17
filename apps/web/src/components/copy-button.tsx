import Box from '@mui/material/Box';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast/toast-store';
import { TipIconButton } from './tip-icon-button';

/** Copies a text (a URL, a key, a command) and says whether it could. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation('common');
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success('common.copy.copied', { what: label }))
      .catch(() => toast.warning('common.copy.failed'));
  return (
    <TipIconButton
      title={t('copy.this', { what: label })}
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

/** A few lines of code (a command, an example) as they are, with a copy button in the corner. */
export function CopyableCode({ text, label, testId }: { text: string; label: string; testId: string }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1.5,
          pr: 5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          overflowX: 'auto',
          whiteSpace: 'pre',
        }}
      >
        {text}
      </Box>
      <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CopyButton text={text} label={label} testId={`${testId}-copy`} />
      </Box>
    </Box>
  );
}
