import Typography from '@mui/material/Typography';
import AltRoute from '@mui/icons-material/AltRoute';
import Edit from '@mui/icons-material/EditOutlined';
import Security from '@mui/icons-material/SecurityOutlined';
import { type Vpc, canDeleteVpc, canEditVpc, canPlaceVmInVpc, routePath } from '@portal/shared';
import { ResourceStatus, statusColumn } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { vpcBase, vpcStatus } from './vpc-base';
import { VpcCreateForm, VpcForm } from './vpc-form';
import { VpcMapTab } from './vpc-map';
import { VpcRoutesPage } from './vpc-routes-page';
import { ipv6Text } from './vpc-ipv6';
import { cloudReasonText } from '../../lib/format/cloud-reason';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

const mono = { fontFamily: 'monospace', fontSize: 13 };

/** VPCs (spec sections 3-5): list, create, edit, route table, delete, and a map of each. */
export const vpcResource: ResourceDefinition<Vpc> = {
  ...vpcBase,
  busy: vpcStatus.busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'netName',
      sortable: true,
      nowrap: true,
      name: (v) => v.netName,
      link: (v) => ({ to: routePath('vpcDetail', { netId: v.netUuid }), testId: `vpc-link-${v.netUuid}` }),
      caption: (v, { phone, t }) => phone && [v.cidrIpv4, t('values.vms', { count: v.vmNum })],
    }),
    statusColumn(vpcStatus),
    {
      id: 'cidrIpv4',
      nowrap: true,
      cell: (v) => <Typography sx={mono}>{v.cidrIpv4}</Typography>,
      text: (v) => v.cidrIpv4,
    },
    {
      id: 'cidrIpv6',
      nowrap: true,
      from: 'lg',
      cell: (v, { t }) =>
        v.cidrIpv6 === '-1' ? (
          <Typography variant="body2" color="text.secondary">
            {ipv6Text(v, t)}
          </Typography>
        ) : (
          <Typography sx={mono}>{v.cidrIpv6}</Typography>
        ),
      text: (v, { t }) => ipv6Text(v, t),
    },
    {
      id: 'bandwidthLimit',
      align: 'right',
      nowrap: true,
      cell: (v, { t }) => t('values.mbps', { value: v.bandwidthLimit }),
      text: (v) => String(v.bandwidthLimit),
    },
    {
      id: 'routeLevel',
      from: 'xl',
      cell: (v, { t }) => t(`enums:routeLevel.${v.routeLevel}`),
      text: (v, { t }) => t(`enums:routeLevel.${v.routeLevel}`),
    },
    {
      id: 'chargeMode',
      from: 'xl',
      cell: (v, { t }) => t(`enums:chargeMode.${v.chargeMode}`),
      text: (v, { t }) => t(`enums:chargeMode.${v.chargeMode}`),
    },
    { id: 'vmNum', align: 'right', cell: (v) => v.vmNum, text: (v) => String(v.vmNum) },
    dateColumn<Vpc>('createdAt', { from: 'lg' }),
  ],
  actions: [
    {
      id: 'edit',
      icon: <Edit fontSize="small" />,
      primary: true,
      allowed: canEditVpc,
      link: (v) => routePath('editVPCNets', { netId: v.netUuid }),
    },
    {
      id: 'routes',
      icon: <AltRoute fontSize="small" />,
      // Read-only users may look at the table; the page says they cannot change it.
      authority: 'network/vpc',
      link: (v) => routePath('editNetRoute', { netId: v.netUuid }),
    },
    {
      // A firewall starts in a VPC: the firewall form opened with this one chosen.
      id: 'addFirewall',
      icon: <Security fontSize="small" />,
      authority: 'network/firewall/manage',
      allowed: canPlaceVmInVpc,
      link: (v) => routePath('createFirewallInVpc', { vpcId: v.netUuid }),
    },
    deleteAction<Vpc>({ allowed: canDeleteVpc, leavesDetail: true }),
  ],
  detail: {
    fields: [
      { id: 'status', value: (v, { t }) => <ResourceStatus of={vpcStatus} row={v} t={t} /> },
      {
        id: 'statusReason',
        value: (v, { t }) => (v.statusReason ? cloudReasonText(v.statusReason, t) : '—'),
      },
      { id: 'cidrIpv4', value: (v) => v.cidrIpv4 },
      { id: 'cidrIpv6', value: (v, { t }) => ipv6Text(v, t) },
      { id: 'bandwidthLimit', value: (v, { t }) => t('values.mbps', { value: v.bandwidthLimit }) },
      { id: 'routeLevel', value: (v, { t }) => t(`enums:routeLevel.${v.routeLevel}`) },
      { id: 'chargeMode', value: (v, { t }) => t(`enums:chargeMode.${v.chargeMode}`) },
      { id: 'vmNum', value: (v) => v.vmNum },
      { id: 'firewallNum', value: (v) => v.firewallNum },
      { id: 'balancerNum', value: (v) => v.balancerNum },
      { id: 'createdAt', value: (v, { language }) => formatDateTime(v.createdAt, language) },
    ],
    tabs: [{ id: 'map', render: (v) => <VpcMapTab vpc={v} /> }],
  },
  createForm: VpcCreateForm,
  editForm: VpcForm,
  extraPages: { editNetRoute: VpcRoutesPage },
};
