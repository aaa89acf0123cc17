import Box from '@mui/material/Box';
import SettingsEthernet from '@mui/icons-material/SettingsEthernet';
import { type Vni, type VniUpdate, canAdjustVni, routePath } from '@portal/shared';
import { RowLink } from '../../components/resource-kit/row-link';
import { nameColumn } from '../../components/resource-kit/name-column';
import { StatusChip } from '../../components/resource-kit/status-chip';
import { api } from '../../lib/api/api-client';
import { useVpcs } from '../vpc';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { VniAdjustDialog } from './vni-adjust-dialog';
import { dateColumn } from '../../components/resource-kit/date-column';

const useVpcOptions = () => (useVpcs().data ?? []).map((vpc) => ({ value: vpc.netUuid, label: vpc.netName }));

/** The interface's VM as the adjust rule needs it (its status comes with the VNI). */
const vmOf = (vni: Vni) =>
  vni.vmUuid !== null && vni.vmStatus != null ? { status: vni.vmStatus, pendingOperation: null } : null;

/**
 * The id gives way when the row is short of room: it breaks after one of its hyphens (a VM name
 * or an address never breaks: "10.0.0." on one line and "0/24" on the next helps no one).
 */
const idSx = { fontVariantNumeric: 'tabular-nums' } as const;
const addressSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The VNI resource (spec sections 2-5): the list and "adjust network segment". */
export const vniResource: ResourceDefinition<Vni> = {
  name: 'vni',
  namespace: 'vni',
  base: '/vnis',
  id: (vni) => vni.vniUuid,
  title: (vni) => vni.vniUuid,
  routes: { list: 'vni' },
  authority: { view: 'network/vni', manage: 'network/vni/manage' },
  busy: (vni) => vni.pendingOperation !== null,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'vniUuid',
      name: (vni) => vni.vniUuid,
      nameStyle: idSx,
      beside: (vni, { t }) =>
        vni.pendingOperation && (
          <StatusChip
            label={t('vni:values.adjusting')}
            tone="info"
            busy
            data-testid={`vni-status-${vni.vniUuid}`}
          />
        ),
      caption: (vni, { phone }) => phone && [vni.vmName ?? '—', vni.privateIpv4],
    }),
    {
      id: 'vmName',
      label: 'fields.vm',
      nowrap: true,
      hiddenWhenFixed: 'vmUuid',
      cell: (vni) =>
        vni.vmUuid ? (
          <RowLink to={routePath('vmDetail', { uuid: vni.vmUuid })}>{vni.vmName ?? vni.vmUuid}</RowLink>
        ) : (
          '—'
        ),
      text: (vni) => vni.vmName ?? '',
    },
    { id: 'vpcName', label: 'fields.vpc' },
    {
      id: 'firewalls',
      label: 'fields.firewalls',
      cell: (vni) =>
        vni.firewalls.length === 0 ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }} data-testid="vni-firewalls">
            {vni.firewalls.map((fw) => (
              <RowLink key={fw.fwUuid} to={`${routePath('firewall')}?search=${fw.fwUuid}`}>
                {fw.fwName}
              </RowLink>
            ))}
          </Box>
        ),
      text: (vni) => vni.firewalls.map((fw) => fw.fwName).join(', '),
    },
    { id: 'cidrIpv4', phone: true, cell: (vni) => <Box sx={addressSx}>{vni.cidrIpv4}</Box> },
    { id: 'privateIpv4', sortable: true, cell: (vni) => <Box sx={addressSx}>{vni.privateIpv4}</Box> },
    {
      id: 'publicIp',
      cell: (vni) => <Box sx={addressSx}>{vni.publicIp ?? '—'}</Box>,
      text: (vni) => vni.publicIp ?? '',
    },
    dateColumn<Vni>('createdAt'),
  ],
  filters: [{ id: 'vpcUuid', label: 'fields.vpc', useOptions: useVpcOptions }],
  actions: [
    defineAction<Vni, VniUpdate>({
      id: 'adjust',
      icon: <SettingsEthernet fontSize="small" />,
      primary: true,
      allowed: (vni) => canAdjustVni(vni, vmOf(vni)),
      confirm: VniAdjustDialog,
      run: (vni, body, options) => api.patch<Vni>(`/vnis/${encodeURIComponent(vni.vniUuid)}`, body, options),
    }),
  ],
};
