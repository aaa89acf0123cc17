import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type Firewall, FirewallStatus } from '@portal/shared';
import { StatusChip, type StatusTone } from '../../components/resource-kit/status-chip';
import { cloudReasonText } from '../../lib/format/cloud-reason';

const BUSY: number[] = [FirewallStatus.IN_USE, FirewallStatus.UPDATING, FirewallStatus.DELETING];

/** A firewall the cloud is working on (or a VM is being created with): pages poll meanwhile. */
export const isFirewallBusy = (fw: Firewall) => fw.pendingOperation !== null || BUSY.includes(fw.status);

const tone = (fw: Firewall): StatusTone => {
  if (fw.status === FirewallStatus.ERROR) return 'error';
  if (isFirewallBusy(fw)) return 'info';
  return 'success';
};

export const firewallStatusText = (fw: Pick<Firewall, 'status'>, t: TFunction) =>
  t(`enums:firewallStatus.${fw.status}`);

/**
 * A firewall's status (the firewall pages and the VM's security tab), with the cloud's reason
 * under it when its last change failed.
 */
export function FirewallStatusChip({ fw, t }: { fw: Firewall; t: TFunction }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <StatusChip
        label={firewallStatusText(fw, t)}
        tone={tone(fw)}
        busy={isFirewallBusy(fw)}
        data-testid={`firewall-status-${fw.firewallUuid}`}
      />
      {fw.statusReason && (
        <Typography
          variant="caption"
          color={fw.status === FirewallStatus.ERROR ? 'error' : 'text.secondary'}
          sx={{ display: 'block', mt: 0.5, wordBreak: 'break-word' }}
        >
          {cloudReasonText(fw.statusReason, t)}
        </Typography>
      )}
    </Box>
  );
}
