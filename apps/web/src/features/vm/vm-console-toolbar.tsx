import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { ConsolePhase } from './vm-console-socket';

/** What the last clipboard button did, when the user should know. */
export type ClipboardNotice = 'copied' | 'clipboardUnavailable' | null;

const TONE = { connecting: 'info', connected: 'success', closed: 'default' } as const;

/** The console's connection state (and why it closed), Reconnect, and the clipboard buttons. */
export function VmConsoleToolbar(props: {
  state: ConsolePhase;
  hasSelection: boolean;
  notice: ClipboardNotice;
  onNoticeClose(): void;
  onReconnect(): void;
  onCopy(): void;
  onPaste(): void;
}) {
  const { t } = useTranslation(['vm', 'apiError']);
  const { state } = props;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          color={TONE[state.phase]}
          icon={state.phase === 'connecting' ? <CircularProgress size={12} color="inherit" /> : undefined}
          label={t(`console.state.${state.phase}`)}
          data-testid="vm-console-state"
          data-phase={state.phase}
        />
        {state.phase === 'closed' && (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="vm-console-reason">
            {t(state.message)}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<Refresh />}
            onClick={props.onReconnect}
            disabled={state.phase === 'connecting'}
            data-testid="vm-console-reconnect"
          >
            {t('console.reconnect')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<ContentCopy />}
            onClick={props.onCopy}
            disabled={!props.hasSelection}
            data-testid="vm-console-copy"
          >
            {t('console.copy')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<ContentPaste />}
            onClick={props.onPaste}
            disabled={state.phase !== 'connected'}
            data-testid="vm-console-paste"
          >
            {t('console.paste')}
          </Button>
        </Box>
      </Box>
      {props.notice && (
        <Alert
          severity={props.notice === 'copied' ? 'success' : 'warning'}
          onClose={props.onNoticeClose}
          data-testid="vm-console-notice"
        >
          {t(`console.${props.notice}`)}
        </Alert>
      )}
    </>
  );
}
