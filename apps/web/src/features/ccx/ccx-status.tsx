import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type CcxCluster, CCX_TRANSITIONAL_STATUSES, CcxClusterStatus } from '@portal/shared';
import { StatusChip, type StatusTone } from '../../components/resource-kit/status-chip';
import { cloudReasonText } from '../../lib/format/cloud-reason';

/** A cluster the cloud is working on: creating, scaling or deleting. */
export const isClusterBusy = (c: CcxCluster) =>
  c.pendingOperation !== null || CCX_TRANSITIONAL_STATUSES.has(c.status);

const tone = (c: CcxCluster): StatusTone => {
  if (c.status === CcxClusterStatus.ERROR) return 'error';
  if (isClusterBusy(c)) return 'info';
  return c.statusReason ? 'warning' : 'success';
};

export const clusterStatusText = (c: CcxCluster, t: TFunction) => t(`enums:ccxClusterStatus.${c.status}`);

/** The status, and the cloud's reason when the last change failed. */
export function ClusterStatus({ cluster, t }: { cluster: CcxCluster; t: TFunction }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <StatusChip
        label={clusterStatusText(cluster, t)}
        tone={tone(cluster)}
        busy={isClusterBusy(cluster)}
        data-testid={`ccx-status-${cluster.uuid}`}
      />
      {cluster.statusReason && (
        <Typography
          variant="caption"
          color={cluster.status === CcxClusterStatus.ERROR ? 'error' : 'warning.main'}
          sx={{ display: 'block', mt: 0.5, wordBreak: 'break-word' }}
          data-testid={`ccx-reason-${cluster.uuid}`}
        >
          {cluster.status === CcxClusterStatus.ERROR
            ? cloudReasonText(cluster.statusReason, t)
            : t('ccx:values.lastChangeFailed', { reason: cloudReasonText(cluster.statusReason, t) })}
        </Typography>
      )}
    </Box>
  );
}
