import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SnapshotRuleCreate, type Vm, canBindVmToRule } from '@portal/shared';
import { toI18nKey } from '../../lib/i18n/message-key';

/** The VMs a rule protects: several at once; one another rule protects says so and cannot be chosen. */
export function SnapshotRuleVmPicker({
  control,
  vms,
  ruleUuid,
}: {
  control: Control<SnapshotRuleCreate>;
  vms: readonly Vm[];
  ruleUuid: string | null;
}) {
  const { t } = useTranslation(['snapshotRule', 'apiError']);
  const names = new Map(vms.map((vm) => [vm.uuid, vm.name]));
  return (
    <Controller
      control={control}
      name="vmUuids"
      render={({ field }) => (
        <TextField
          select
          label={t('fields.vms')}
          value={field.value ?? []}
          onChange={field.onChange}
          helperText={t('form.vmsHint')}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as string[]).map((id) => names.get(id) ?? id).join(', ') || t('form.noVms'),
              displayEmpty: true,
            },
            htmlInput: { 'data-testid': 'field-vmUuids' },
            // "None yet" shows in the empty field: the label sits above it.
            inputLabel: { shrink: true },
          }}
        >
          {vms.map((vm) => {
            const rule = canBindVmToRule(vm, ruleUuid);
            const checked = (field.value ?? []).includes(vm.uuid);
            return (
              <MenuItem
                key={vm.uuid}
                value={vm.uuid}
                disabled={rule !== true}
                data-testid={`rule-vm-${vm.uuid}`}
              >
                <Checkbox checked={checked} size="small" sx={{ py: 0 }} />
                <ListItemText
                  primary={vm.name}
                  secondary={rule === true ? undefined : t(toI18nKey(`apiError.${rule}`))}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            );
          })}
        </TextField>
      )}
    />
  );
}
