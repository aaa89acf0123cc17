import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  SNAPSHOT_DEFAULT_RULE,
  SNAPSHOT_RUN_HOURS,
  type SnapshotRule,
  type Vm,
  routePath,
} from '@portal/shared';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { toast } from '../../lib/toast/toast-store';
import { protectWithDefaultRule } from '../../lib/api/snapshot-protection';

export interface ProtectInput {
  ruleUuid: string;
}

/** Adds VMs to a snapshot rule (POST /snapshot-rules/{uuid}/add-vms). */
export const protectVm = (vm: Vm, input: ProtectInput, options = {}) =>
  api.post<SnapshotRule>(
    `/snapshot-rules/${encodeURIComponent(input.ruleUuid)}/add-vms`,
    { vmUuids: [vm.uuid] },
    options,
  );

function useRules() {
  const query = { page: 0, limit: 0, sort: 'policyName', orderby: 'asc' };
  return useQuery({
    queryKey: resourceKeys('/snapshot-rules').listQuery(query),
    queryFn: () =>
      api
        .get<Paged<SnapshotRule>>('/snapshot-rules', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
  });
}

/**
 * "Protect": put unprotected VMs under a snapshot rule, the only one preselected; with no rule
 * yet, a link to create one with these VMs chosen. Beside the choice, one click protects them all
 * with the default rule (daily, keeping 7), made if there is none yet.
 */
export function VmProtectDialog({ rows, onSubmit, onCancel, onDone }: ActionDialogProps<Vm, ProtectInput>) {
  const { t } = useTranslation(['vm', 'common', 'enums']);
  const rules = useRules();
  const names = rows.length === 1 ? rows[0]!.name : t('vm:dialogs.protect.several', { count: rows.length });
  const defaultRule = rules.data?.find((rule) => rule.isDefault);
  const withDefault = useMutation({
    mutationFn: () => protectWithDefaultRule(rows),
    onSuccess: (rule) => {
      toast.success('vm.toasts.protectDefault', { name: names, rule: rule.policyName });
      onDone();
    },
  });
  const [chosen, setChosen] = useState<string>('');
  const only = rules.data?.length === 1 ? rules.data[0]!.uuid : '';
  const ruleUuid = chosen || only;
  const create = `${routePath('createSnapshotRule')}?${rows.map((vm) => `vm=${encodeURIComponent(vm.uuid)}`).join('&')}`;

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="vm-protect-title"
      data-testid="vm-protect-dialog"
    >
      <DialogTitle id="vm-protect-title">{t('vm:dialogs.protect.title', { name: names })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('vm:dialogs.protect.body')}</DialogContentText>
        {rules.data && rules.data.length === 0 ? (
          <Alert severity="info">{t('vm:dialogs.protect.noRule')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('vm:dialogs.protect.rule')}
            value={ruleUuid}
            onChange={(e) => setChosen(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'vm-protect-rule' } }}
          >
            {(rules.data ?? []).map((rule) => (
              <MenuItem key={rule.uuid} value={rule.uuid}>
                {`${rule.policyName}${rule.isDefault ? ` (${t('vm:dialogs.protect.isDefault')})` : ''} · ${t(`enums:snapshotPolicyCycle.${rule.policyCycle}`)} · ${t('vm:dialogs.protect.vmCount', { count: rule.vms.length })}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {rules.data && (
          <Box
            sx={{
              mt: 2,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { sm: 'center' },
              gap: 2,
            }}
            data-testid="vm-protect-default-box"
          >
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
              {defaultRule
                ? t('vm:dialogs.protect.defaultExisting', { rule: defaultRule.policyName })
                : t('vm:dialogs.protect.defaultNew', {
                    at: `${String(SNAPSHOT_RUN_HOURS[0]).padStart(2, '0')}:00`,
                    retained: SNAPSHOT_DEFAULT_RULE.retainedQuantity,
                  })}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => withDefault.mutate()}
              disabled={withDefault.isPending}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
              data-testid="vm-protect-default"
            >
              {t('vm:dialogs.protect.useDefault')}
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={create} color="secondary" data-testid="vm-protect-new-rule">
          {t('vm:dialogs.protect.newRule')}
        </Button>
        <Button onClick={onCancel} color="secondary">
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!ruleUuid}
          onClick={() => void onSubmit({ ruleUuid }).catch(() => undefined)}
          data-testid="vm-protect-submit"
        >
          {t('vm:actions.protect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
