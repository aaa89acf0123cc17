import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreated } from '@portal/shared';
import { CopyableCode, CopyableText } from '../../components/copy-button';
import { SecretOnceDialog } from '../../components/dialogs/secret-once-dialog';

/** How a script calls the API with the key, and how the command-line tool is signed in with it. */
const curlExample = (secret: string, origin: string) =>
  `curl -H "Authorization: Bearer ${secret}" ${origin}/api/vms`;
const cliExample = (secret: string) => `portal login --key ${secret}`;

/**
 * The new key's secret, shown this once (the portal keeps only its hash), with a copy button and
 * how curl and the `portal` tool use it.
 */
export function ApiKeySecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation('apiKey');
  const { secret } = created;
  return (
    <SecretOnceDialog
      testId="api-key-secret"
      title={t('secret.title', { name: created.name })}
      warning={t('secret.once')}
      doneLabel={t('secret.done')}
      onClose={onClose}
    >
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
    </SecretOnceDialog>
  );
}
