import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { API_KEY_MAX_DAYS, API_KEY_MAX_PER_USER, type ApiKeyCreated } from '@portal/shared';
import { ConsolePage } from '../../components/console-page';
import { ListView } from '../../components/resource-kit/list-view';
import { pageOfRows } from '../../lib/resource-kit/list-state';
import { useInvalidateResource } from '../../lib/resource-kit/resource-queries';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { useApiKeys } from './api-key-api';
import { ApiKeyCreateDialog } from './api-key-create-dialog';
import { apiKeyList } from './api-key-list';
import { ApiKeySecretDialog } from './api-key-secret-dialog';

/**
 * The signed-in user's own API keys (route apiKeys, for a root user and any IAM user alike): what
 * a key may do, the list, a new key (its secret shown once) and revoking one.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation(['apiKey', 'resource']);
  const controls = useListControls(apiKeyList, { inUrl: true, replace: true });
  const keys = useApiKeys();
  const page = useMemo(() => keys.data && pageOfRows(keys.data, controls.state), [keys.data, controls.state]);
  const refresh = useInvalidateResource(apiKeyList);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const full = (keys.data?.length ?? 0) >= API_KEY_MAX_PER_USER;

  const onCreated = (key: ApiKeyCreated) => {
    setCreating(false);
    setCreated(key);
    void refresh();
  };

  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle', { max: API_KEY_MAX_PER_USER, days: API_KEY_MAX_DAYS })}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          disabled={!keys.data || full}
          data-testid="api-key-create"
        >
          {t('actions.create')}
        </Button>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }} data-testid="api-key-explain">
        {t('list.explain')}
      </Alert>
      {full && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="api-key-full">
          {t('list.full', { max: API_KEY_MAX_PER_USER })}
        </Alert>
      )}
      <ListView def={apiKeyList} controls={controls} page={page} loading={keys.isFetching} />
      {creating && <ApiKeyCreateDialog onCreated={onCreated} onCancel={() => setCreating(false)} />}
      {created && <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />}
    </ConsolePage>
  );
}
