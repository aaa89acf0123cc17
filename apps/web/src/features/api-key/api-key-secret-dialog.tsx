import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreated } from '@portal/shared';
import { CopyableCode, CopyableText } from '../../components/copy-button';

/** How a script calls the API with the key, and how the command-line tool is signed in with it. */
const curlExample = (secret: string, origin: string) =>
  `curl -H "Authorization: Bearer ${secret}" ${origin}/api/vms`;
const cliExample = (secret: string) => `portal login --key ${secret}`;

/**
 * The new key's secret, shown this once (the portal keeps only its hash), with a copy button and
 * how curl and the `portal` tool use it. It closes only by its button, so a click beside it does
 * not lose the secret.
 */
export function ApiKeySecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation('apiKey');
  const { secret } = created;
  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      aria-labelledby="api-key-secret-title"
      data-testid="api-key-secret-dialog"
    >
      <DialogTitle id="api-key-secret-title">{t('secret.title', { name: created.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="api-key-secret-once">
          {t('secret.once')}
        </Alert>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('secret.secret')}
        </Typography>
        <CopyableText text={secret} label={t('secret.secret')} testId="api-key-secret" />
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
          {t('secret.curl')}
        </Typography>
        <CopyableCode
          text={curlExample(secret, window.location.origin)}
          label={t('secret.curl')}
          testId="api-key-curl"
        />
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
          {t('secret.cli')}
        </Typography>
        <CopyableCode text={cliExample(secret)} label={t('secret.cli')} testId="api-key-cli" />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="api-key-secret-done">
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
