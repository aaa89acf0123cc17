import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type VmCreate, canUseFirewallForNewVm } from '@portal/shared';
import { useFirewalls } from '../firewall';
import { toI18nKey } from '../../lib/i18n/message-key';

/**
 * The firewalls of the chosen VPC. One being changed or deleted cannot take a new VM
 * (canUseFirewallForNewVm): it shows disabled with the reason.
 */
export function VmFirewallPicker({
  control,
  vpcUuid,
}: {
  control: Control<VmCreate>;
  vpcUuid: string | undefined;
}) {
  const { t } = useTranslation(['vm', 'enums', 'apiError']);
  const firewalls = useFirewalls(vpcUuid);
  if (!vpcUuid) return <Typography color="text.secondary">{t('form.firewallsNeedVpc')}</Typography>;
  const list = firewalls.data ?? [];
  return (
    <Controller
      control={control}
      name="firewallUuids"
      render={({ field }) => {
        const value: string[] = field.value ?? [];
        return (
          <Box role="group" aria-label={t('fields.firewalls')} data-testid="field-firewallUuids">
            {firewalls.isSuccess && list.length === 0 && (
              <Typography color="text.secondary">{t('form.noFirewalls')}</Typography>
            )}
            {list.map((fw) => {
              const rule = canUseFirewallForNewVm(fw);
              return (
                <Box key={fw.firewallUuid}>
                  <FormControlLabel
                    disabled={rule !== true}
                    control={
                      <Checkbox
                        checked={value.includes(fw.firewallUuid)}
                        onChange={(_, on) =>
                          field.onChange(
                            on ? [...value, fw.firewallUuid] : value.filter((x) => x !== fw.firewallUuid),
                          )
                        }
                        slotProps={{ input: { 'data-testid': `firewall-${fw.firewallUuid}` } as object }}
                      />
                    }
                    label={`${fw.name} · ${t(`enums:firewallStatus.${fw.status}`)}`}
                  />
                  {rule !== true && (
                    <FormHelperText sx={{ mt: -1, ml: 4 }}>{t(toI18nKey(`apiError.${rule}`))}</FormHelperText>
                  )}
                </Box>
              );
            })}
          </Box>
        );
      }}
    />
  );
}
