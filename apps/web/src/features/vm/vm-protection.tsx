import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import GppMaybe from '@mui/icons-material/GppMaybeOutlined';
import VerifiedUser from '@mui/icons-material/VerifiedUserOutlined';
import type { TFunction } from 'i18next';
import type { Vm } from '@portal/shared';

/** Whether a snapshot rule protects the VM: a shield, or a warning that none does. */
export function VmProtection({ vm, t, withText = false }: { vm: Vm; t: TFunction; withText?: boolean }) {
  const text = t(vm.snapshotRuleUuid ? 'vm:values.protected' : 'vm:values.unprotected');
  const icon = vm.snapshotRuleUuid ? (
    <VerifiedUser fontSize="small" color="success" aria-hidden />
  ) : (
    <GppMaybe fontSize="small" color="warning" aria-hidden />
  );
  return (
    <Tooltip title={withText ? '' : text}>
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, verticalAlign: 'middle' }}
        aria-label={withText ? undefined : text}
        data-testid={`vm-protection-${vm.uuid}`}
      >
        {icon}
        {withText && text}
      </Box>
    </Tooltip>
  );
}
