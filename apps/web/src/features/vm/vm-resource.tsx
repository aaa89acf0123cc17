import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EventRepeat from '@mui/icons-material/EventRepeat';
import PlayArrow from '@mui/icons-material/PlayArrow';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Stop from '@mui/icons-material/Stop';
import Tune from '@mui/icons-material/Tune';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Shield from '@mui/icons-material/ShieldOutlined';
import SupportAgent from '@mui/icons-material/SupportAgentOutlined';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router';
import {
  type RouteId,
  type Vm,
  type VmAction,
  type VmDelete,
  type VmUpdate,
  canDeleteVm,
  canForceStopVm,
  canRebootVm,
  canResizeVm,
  canStartVm,
  canStopVm,
  canBindVmToRule,
  canConvertVmToAnnual,
  canSnapshotVm,
  routePath,
} from '@portal/shared';
import { ResourceStatus, statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { useVpcs } from '../vpc';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { type KitAction, type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { detailPath } from '../../lib/resource-kit/paths';
import { runVmAction, updateVm } from './vm-api';
import { vmBase, vmStatus } from './vm-base';
import { VmConsoleTab } from './vm-console-tab';
import { VmMonitorTab } from './vm-monitor-tab';
import { VmCreateForm } from './vm-create-form';
import { VmDeleteDialog } from './vm-delete-dialog';
import { VmResizeDialog } from './vm-resize-dialog';
import { VmSecurityTab } from './vm-security-tab';
import { VmFromSnapshotPage } from './vm-from-snapshot-page';
import { type ProtectInput, VmProtectDialog, protectVm } from './vm-protect-dialog';
import { VmProtection } from './vm-protection';
import { cloudReasonText } from '../../lib/format/cloud-reason';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** A power action: the call and the shared rule that allows it, confirmed unless it only starts. */
const power = (
  id: VmAction,
  icon: ReactNode,
  allowed: (vm: Vm) => ReturnType<typeof canStartVm>,
  extra: Partial<KitAction<Vm>> = {},
): KitAction<Vm> => ({
  id: id === 'force-stop' ? 'forceStop' : id,
  icon,
  allowed,
  run: (vm, _input, options) => runVmAction(vm, id, options),
  ...extra,
});

/** A page that starts from the VM (a snapshot, an order, a ticket), the VM chosen in its form. */
const pageOfVm = (route: RouteId) => (vm: Vm) => `${routePath(route)}?vm=${encodeURIComponent(vm.uuid)}`;

const useVpcOptions = () => (useVpcs().data ?? []).map((vpc) => ({ value: vpc.netUuid, label: vpc.netName }));

const yesNo = (value: boolean, t: TFunction) => t(value ? 'vm:values.on' : 'vm:values.off');

/** On an annual contract: its size is fixed (resize and delete say why they are off). */
function AnnualChip({ vm, t, inline = false }: { vm: Vm; t: TFunction; inline?: boolean }) {
  return (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      label={t('vm:values.annual')}
      sx={{ ml: inline ? 1 : 0, height: 20, verticalAlign: 'middle' }}
      data-testid={`vm-annual-chip-${vm.uuid}`}
    />
  );
}

/** The detail's billing: on demand, or annual with a way to its order. */
function VmBilling({ vm, t }: { vm: Vm; t: TFunction }) {
  const { can } = usePermissions();
  if (!vm.isAnnual) return t('vm:values.onDemand');
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <AnnualChip vm={vm} t={t} />
      {can('myAccount/orderManage') && (
        <Link component={RouterLink} to={routePath('orderManage')} variant="body2">
          {t('vm:values.annualOrders')}
        </Link>
      )}
    </Box>
  );
}

/** The VM resource (spec sections 2-5): list, create, detail tabs, power, resize and delete. */
export const vmResource: ResourceDefinition<Vm> = {
  ...vmBase,
  busy: vmStatus.busy,
  search: true,
  tags: true,
  auditTarget: 'vm',
  columns: [
    nameColumn({
      id: 'name',
      sortable: true,
      nowrap: true,
      name: (vm) => vm.name,
      link: (vm) => ({ to: detailPath(vmBase, vm.uuid)!, testId: `vm-link-${vm.uuid}` }),
      beside: (vm, { t }) => vm.isAnnual && <AnnualChip vm={vm} t={t} inline />,
      caption: (vm, { phone, t }) =>
        phone && [
          `${vm.cpuCore} vCPU`,
          `${vm.ramSize} GB`,
          vm.privateIP ?? '—',
          vm.snapshotRuleUuid === null && t('values.unprotected'),
        ],
    }),
    statusColumn(vmStatus, { sortable: true }),
    { id: 'templateOSName', from: 'lg' },
    {
      id: 'cpuCore',
      label: 'fields.spec',
      sortable: true,
      cell: (vm, { t }) => t('values.spec', { cpu: vm.cpuCore, ram: vm.ramSize }),
      text: (vm, { t }) => t('values.spec', { cpu: vm.cpuCore, ram: vm.ramSize }),
    },
    {
      id: 'privateIP',
      label: 'fields.ip',
      cell: (vm) => (
        <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <div>{vm.privateIP ?? '—'}</div>
          <Typography variant="caption" color="text.secondary">
            {vm.publicIP ?? '—'}
          </Typography>
        </Box>
      ),
      text: (vm) => [vm.privateIP, vm.publicIP].filter(Boolean).join(' / '),
    },
    {
      id: 'snapshotRuleUuid',
      label: 'fields.protection',
      align: 'center',
      cell: (vm, { t }) => <VmProtection vm={vm} t={t} />,
      text: (vm, { t }) => t(vm.snapshotRuleUuid ? 'values.protected' : 'values.unprotected'),
    },
    { id: 'vpcName', label: 'fields.vpc', from: 'xl' },
    dateColumn<Vm>('createdAt', { from: 'xl' }),
  ],
  filters: [
    statusFilter(vmStatus),
    { id: 'vpcUuid', label: 'fields.vpc', useOptions: useVpcOptions },
    {
      id: 'protected',
      label: 'fields.protection',
      options: (t) => [
        { value: 'yes', label: t('vm:values.protected') },
        { value: 'no', label: t('vm:values.unprotected') },
      ],
    },
  ],
  actions: [
    power('start', <PlayArrow fontSize="small" />, canStartVm, { primary: true, bulk: true }),
    power('stop', <Stop fontSize="small" />, canStopVm, { primary: true, bulk: true, confirm: 'confirm' }),
    power('reboot', <RestartAlt fontSize="small" />, canRebootVm, { confirm: 'confirm' }),
    power('force-stop', <PowerSettingsNew fontSize="small" />, canForceStopVm, {
      confirm: 'confirm',
      destructive: true,
    }),
    defineAction<Vm, VmUpdate>({
      id: 'resize',
      icon: <Tune fontSize="small" />,
      allowed: canResizeVm,
      confirm: VmResizeDialog,
      run: updateVm,
    }),
    {
      id: 'snapshot',
      icon: <PhotoCamera fontSize="small" />,
      authority: 'compute/snapshot/manage',
      allowed: canSnapshotVm,
      link: pageOfVm('createSnapshot'),
    },
    defineAction<Vm, ProtectInput>({
      id: 'protect',
      icon: <Shield fontSize="small" />,
      authority: 'compute/snapshot/manage',
      allowed: (vm) => canBindVmToRule(vm, null),
      confirm: VmProtectDialog,
      bulk: true,
      run: protectVm,
    }),
    {
      // An annual contract fixes the VM's size at lower prices: ordered on the orders' page.
      id: 'annual',
      icon: <EventRepeat fontSize="small" />,
      authority: 'myAccount/orderManage/manage',
      allowed: canConvertVmToAnnual,
      link: pageOfVm('orderCreate'),
    },
    {
      // A support ticket about this VM, the VM chosen in the form.
      id: 'openTicket',
      icon: <SupportAgent fontSize="small" />,
      authority: 'myAccount/myTicket/manage',
      link: pageOfVm('createTicket'),
    },
    deleteAction<Vm, VmDelete>({ allowed: canDeleteVm, confirm: VmDeleteDialog, leavesDetail: true }),
  ],
  detail: {
    fields: [
      { id: 'status', value: (vm, { t }) => <ResourceStatus of={vmStatus} row={vm} t={t} /> },
      {
        id: 'statusReason',
        value: (vm, { t }) => (vm.statusReason ? cloudReasonText(vm.statusReason, t) : '—'),
      },
      { id: 'templateOSName', value: (vm) => vm.templateOSName },
      { id: 'spec', value: (vm, { t }) => t('vm:values.spec', { cpu: vm.cpuCore, ram: vm.ramSize }) },
      { id: 'rootDiskSize', value: (vm) => `${vm.rootDiskSize} GB` },
      { id: 'dataDiskCount', value: (vm) => vm.dataDiskCount },
      { id: 'privateIP', value: (vm) => vm.privateIP ?? '—' },
      { id: 'publicIP', value: (vm) => vm.publicIP ?? '—' },
      { id: 'ipv6', value: (vm) => vm.ipv6 ?? '—' },
      { id: 'vpc', value: (vm) => vm.vpcName },
      { id: 'hypervisorId', value: (vm) => vm.hypervisorId ?? '—' },
      { id: 'enableAutoRecover', value: (vm, { t }) => yesNo(vm.enableAutoRecover, t) },
      { id: 'enableTerminationProtection', value: (vm, { t }) => yesNo(vm.enableTerminationProtection, t) },
      { id: 'enableStopProtection', value: (vm, { t }) => yesNo(vm.enableStopProtection, t) },
      {
        id: 'isAnnual',
        value: (vm, { t }) => <VmBilling vm={vm} t={t} />,
      },
      {
        id: 'monthlyPrice',
        value: (vm, { t }) => t('resource:price.perMonth', { amount: formatMoney(vm.monthlyPrice) }),
      },
      { id: 'lastBootTime', value: (vm, { language }) => formatDateTime(vm.lastBootTime, language) },
      { id: 'lastShutdownTime', value: (vm, { language }) => formatDateTime(vm.lastShutdownTime, language) },
      { id: 'protection', value: (vm, { t }) => <VmProtection vm={vm} t={t} withText /> },
      { id: 'createdAt', value: (vm, { language }) => formatDateTime(vm.createdAt, language) },
      { id: 'uuid', value: (vm) => vm.uuid },
    ],
    tabs: [
      { id: 'security', authority: 'network/firewall', render: (vm) => <VmSecurityTab vm={vm} /> },
      {
        id: 'network',
        authority: 'network/vni',
        related: { resource: 'vni', filter: (vm) => ({ vmUuid: vm.uuid }) },
      },
      {
        id: 'storage',
        authority: 'compute/disk',
        related: { resource: 'disk', filter: (vm) => ({ vmUuid: vm.uuid }) },
      },
      {
        id: 'snapshots',
        authority: 'compute/snapshot',
        related: { resource: 'snapshot', filter: (vm) => ({ vmUuid: vm.uuid }) },
      },
      // Its charts, for whoever may see usage (the metrics pages' authority).
      { id: 'monitor', authority: 'monitor/usage', render: (vm) => <VmMonitorTab vm={vm} /> },
      // The serial console: whoever may manage the VM (the server asks the same for a ticket).
      { id: 'web', authority: 'compute/vm/manage', render: (vm) => <VmConsoleTab vm={vm} /> },
    ],
  },
  createForm: VmCreateForm,
  extraPages: { createSnapshotToNewVM: VmFromSnapshotPage },
};
