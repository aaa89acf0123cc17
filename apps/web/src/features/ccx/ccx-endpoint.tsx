import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { TFunction } from 'i18next';
import type { CcxCluster } from '@portal/shared';
import { toast } from '../../lib/toast/toast-store';
import { TipIconButton } from '../../components/tip-icon-button';
import { endpointText } from './ccx-format';

/** Where clients connect, with a button that copies it; a dash until the cloud has given one. */
export function ClusterEndpoint({ cluster, t }: { cluster: CcxCluster; t: TFunction }) {
  const endpoint = endpointText(cluster);
  if (!endpoint)
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  const copy = () =>
    navigator.clipboard
      .writeText(endpoint)
      .then(() => toast.success('ccx:toasts.copied', { endpoint }))
      .catch(() => toast.warning('ccx:toasts.copyFailed'));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        title={endpoint}
        sx={{
          fontFamily: 'monospace',
          fontSize: '0.8rem',
          whiteSpace: { sm: 'nowrap' },
          wordBreak: { xs: 'break-all', sm: 'normal' },
        }}
        data-testid={`ccx-endpoint-${cluster.uuid}`}
      >
        {endpoint}
      </Typography>
      <TipIconButton
        title={t('ccx:actions.copyEndpoint')}
        icon={<ContentCopy fontSize="inherit" />}
        onClick={copy}
        testId={`ccx-copy-${cluster.uuid}`}
      />
    </Box>
  );
}
