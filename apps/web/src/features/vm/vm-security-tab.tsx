import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddModerator from '@mui/icons-material/AddModeratorOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Firewall, type Vm, canAttachFirewall, canDetachFirewall, routePath } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { FirewallRulesTable, firewallStatus, useFirewallRules } from '../firewall';
import { ResourceStatus } from '../../components/resource-kit/resource-status';
import { RowLink } from '../../components/resource-kit/row-link';
import { PageSpinner } from '../../components/page-spinner';
import { api } from '../../lib/api/api-client';
import { resourceKeys } from '../../lib/api/query-keys';
import type { Paged } from '../../lib/api/resource';
import { toI18nKey } from '../../lib/i18n/message-key';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';

const POLL_MS = 2000;
const ALL = { page: 0, limit: 0 };
const firewallKeys = resourceKeys('/firewalls');

/** The VPC's firewalls, asked again every 2 s while the cloud works on any of them. */
function useVpcFirewalls(vpcUuid: string) {
  const query = { ...ALL, vpcUuid };
  return useQuery({
    queryKey: firewallKeys.listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Firewall>>('/firewalls', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records),
    refetchInterval: (q) => ((q.state.data ?? []).some(firewallStatus.busy) ? POLL_MS : false),
  });
}

/** The ids of the firewalls the VM is in now (the cloud's word: a link appears once it is made). */
function useVmFirewallIds(vm: Vm, polling: boolean) {
  const query = { ...ALL, vmUuid: vm.uuid };
  return useQuery({
    queryKey: firewallKeys.listQuery(query),
    queryFn: () =>
      api
        .get<Paged<Firewall>>('/firewalls', { query: { ...query, t: Date.now() }, track: false })
        .then((p) => p.records.map((f) => f.firewallUuid)),
    refetchInterval: polling ? POLL_MS : false,
  });
}

function FirewallCard({
  fw,
  vm,
  manage,
  last,
  onDetach,
}: {
  fw: Firewall;
  vm: Vm & { firewallUuids: string[] };
  manage: boolean;
  last: boolean;
  onDetach: (fw: Firewall, last: boolean) => void;
}) {
  const { t } = useTranslation(['vm', 'firewall', 'enums', 'apiError']);
  const rules = useFirewallRules(fw.firewallUuid);
  const rule = canDetachFirewall(fw, vm);
  const reason = rule === true ? '' : t(toI18nKey(`apiError.${rule}`));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`vm-firewall-${fw.firewallUuid}`}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          {manage ? (
            <RowLink to={routePath('editFirewall', { id: fw.firewallUuid })}>{fw.name}</RowLink>
          ) : (
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{fw.name}</Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('firewall:values.rules', { count: fw.ruleCount })} ·{' '}
            {t('firewall:values.vms', { count: fw.vmCount })}
          </Typography>
        </Box>
        <ResourceStatus of={firewallStatus} row={fw} t={t} />
        {manage && (
          <Tooltip title={reason}>
            <span>
              <Button
                size="small"
                color="error"
                startIcon={<LinkOff fontSize="small" />}
                disabled={rule !== true}
                onClick={() => onDetach(fw, last)}
                data-testid={`vm-firewall-detach-${fw.firewallUuid}`}
              >
                {t('security.detach')}
              </Button>
            </span>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        {rules.isPending ? (
          <PageSpinner minHeight={60} />
        ) : (
          <FirewallRulesTable rules={rules.data ?? []} testId={`vm-firewall-rules-${fw.firewallUuid}`} />
        )}
      </Box>
    </Paper>
  );
}

function AttachDialog({
  vm,
  firewalls,
  onClose,
  onAttached,
}: {
  vm: Vm & { firewallUuids: string[] };
  firewalls: Firewall[];
  onClose: () => void;
  onAttached: (fw: Firewall) => void;
}) {
  const { t } = useTranslation(['vm', 'enums', 'apiError']);
  const choices = firewalls.filter((fw) => !vm.firewallUuids.includes(fw.firewallUuid));
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  const picked = choices.find((fw) => fw.firewallUuid === chosen);
  const submit = () => {
    if (!picked) return;
    setPending(true);
    api
      .post<Firewall>(`/firewalls/${encodeURIComponent(picked.firewallUuid)}/attach`, { vmUuid: vm.uuid })
      .then(() => onAttached(picked))
      .catch(() => setPending(false));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="vm-firewall-attach-dialog">
      <DialogTitle>{t('security.attachTitle', { name: vm.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('security.attachBody', { vpc: vm.vpcName })}
        </Typography>
        {choices.length === 0 ? (
          <Alert severity="info">{t('security.noneToAttach')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            size="small"
            label={t('security.name')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'vm-firewall-attach-select' } }}
          >
            {choices.map((fw) => {
              const rule = canAttachFirewall(fw, vm);
              return (
                <MenuItem
                  key={fw.firewallUuid}
                  value={fw.firewallUuid}
                  disabled={rule !== true}
                  data-testid={`vm-firewall-option-${fw.firewallUuid}`}
                  sx={{ display: 'block', whiteSpace: 'normal' }}
                >
                  {`${fw.name} · ${t(`enums:firewallStatus.${fw.status}`)}`}
                  {rule !== true && (
                    <FormHelperText sx={{ m: 0 }}>{t(toI18nKey(`apiError.${rule}`))}</FormHelperText>
                  )}
                </MenuItem>
              );
            })}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="secondary" disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!picked || pending}
          data-testid="vm-firewall-attach-confirm"
        >
          {t('security.attach')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The VM's security tab: the firewalls it is in, each with its rules (read-only), and, for whoever
 * may manage firewalls, attaching one of its VPC's firewalls and detaching one (through the cloud:
 * the firewall shows "updating" until it is done; the tab follows it).
 */
export function VmSecurityTab({ vm }: { vm: Vm }) {
  const { t } = useTranslation(['vm', 'firewall', 'apiError']);
  const { can } = usePermissions();
  const manage = can('network/firewall/manage');
  const client = useQueryClient();
  const vpcFirewalls = useVpcFirewalls(vm.vpcUuid);
  const busy = (vpcFirewalls.data ?? []).some(firewallStatus.busy);
  const ids = useVmFirewallIds(vm, busy);
  const [attachOpen, setAttachOpen] = useState(false);
  const [detaching, setDetaching] = useState<{ fw: Firewall; last: boolean } | null>(null);

  // When the cloud has finished, the VM (its firewall list) and every firewall list are asked again.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      void client.invalidateQueries({ queryKey: firewallKeys.all });
      void client.invalidateQueries({ queryKey: resourceKeys('/vms').all });
    }
    wasBusy.current = busy;
  }, [busy, client]);

  if (vpcFirewalls.isPending || ids.isPending) return <PageSpinner minHeight={120} />;
  const current = { ...vm, firewallUuids: ids.data ?? vm.firewallUuids };
  const mine = (vpcFirewalls.data ?? []).filter((fw) => current.firewallUuids.includes(fw.firewallUuid));
  const changing = (vpcFirewalls.data ?? []).filter(
    (fw) => fw.pendingOperation === 'attach' || fw.pendingOperation === 'detach',
  );
  const changed = () => {
    void client.invalidateQueries({ queryKey: firewallKeys.all });
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="vm-firewalls">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
          {mine.length === 0 ? t('security.none') : t('security.count', { count: mine.length })}
        </Typography>
        {manage && (
          <Button
            variant="outlined"
            startIcon={<AddModerator fontSize="small" />}
            onClick={() => setAttachOpen(true)}
            data-testid="vm-firewall-attach"
          >
            {t('security.attach')}
          </Button>
        )}
      </Box>
      {changing.map((fw) => (
        <Alert key={fw.firewallUuid} severity="info" data-testid={`vm-firewall-changing-${fw.firewallUuid}`}>
          {t('security.changing', { name: fw.name })}
        </Alert>
      ))}
      {mine.map((fw) => (
        <FirewallCard
          key={fw.firewallUuid}
          fw={fw}
          vm={current}
          manage={manage}
          last={mine.length === 1}
          onDetach={(f, last) => setDetaching({ fw: f, last })}
        />
      ))}
      {attachOpen && (
        <AttachDialog
          vm={current}
          firewalls={vpcFirewalls.data ?? []}
          onClose={() => setAttachOpen(false)}
          onAttached={(fw) => {
            setAttachOpen(false);
            toast.success('vm.security.attaching', { name: fw.name });
            changed();
          }}
        />
      )}
      <ConfirmDialog
        open={detaching !== null}
        title={t('security.detachTitle', { name: detaching?.fw.name ?? '' })}
        body={
          detaching?.last
            ? t('security.detachLast', { vm: vm.name })
            : t('security.detachBody', { vm: vm.name })
        }
        confirmLabel={t('security.detach')}
        destructive
        onCancel={() => setDetaching(null)}
        onConfirm={() => {
          const target = detaching;
          setDetaching(null);
          if (!target) return;
          void api
            .post<Firewall>(`/firewalls/${encodeURIComponent(target.fw.firewallUuid)}/detach`, {
              vmUuid: vm.uuid,
            })
            .then(() => {
              toast.success('vm.security.detaching', { name: target.fw.name });
              changed();
            })
            .catch(() => undefined);
        }}
      />
    </Box>
  );
}
