import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/EditOutlined';
import {
  type Balancer,
  LbType,
  canDeleteBalancer,
  canEditBalancer,
  enumValues,
  routePath,
} from '@portal/shared';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { balancerBase, balancerStatus } from './balancer-base';
import { BalancerCreateForm, BalancerForm } from './balancer-form';
import { CertificateExpiry, certificateLine } from './balancer-certificate';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** "HTTPS:443", with the host name it answers when it has one. */
export const listenerText = (b: Balancer) => `${b.lbProtocol}:${b.lbPort}`;

/**
 * Load balancers (spec section 3, routes balancer, createBalancer, editBalancer/{id}): where each
 * listens, over which VMs of which VPC, its certificate's expiry, and the cloud's progress.
 */
export const balancerResource: ResourceDefinition<Balancer> = {
  ...balancerBase,
  busy: balancerStatus.busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'lbName',
      sortable: true,
      name: (b) => b.lbName,
      link: (b) => ({ to: routePath('editBalancer', { id: b.uuid }), testId: `balancer-link-${b.uuid}` }),
      caption: (b, { phone, t, language }) => [
        phone && listenerText(b),
        phone && b.address,
        b.lbUrl,
        phone && t('values.targets', { count: b.vms.length }),
        phone && certificateLine(b, t, language),
      ],
    }),
    statusColumn(balancerStatus),
    {
      id: 'lbType',
      nowrap: true,
      from: 'xl',
      cell: (b, { t }) => t(`enums:lbType.${b.lbType}`),
      text: (b, { t }) => t(`enums:lbType.${b.lbType}`),
    },
    {
      id: 'listener',
      nowrap: true,
      cell: (b) => listenerText(b),
      text: (b) => listenerText(b),
    },
    {
      id: 'address',
      nowrap: true,
      cell: (b, { t }) =>
        b.address ? (
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace' }}
            data-testid={`balancer-address-${b.uuid}`}
          >
            {b.address}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('values.noAddress')}
          </Typography>
        ),
      text: (b) => b.address ?? '',
    },
    { id: 'vpcName', nowrap: true, hiddenWhenFixed: 'vpcUuid' },
    {
      id: 'targets',
      align: 'right',
      cell: (b, { t }) => (
        <span title={b.vms.map((vm) => vm.name).join(', ')}>
          {t('values.targets', { count: b.vms.length })}
        </span>
      ),
      text: (b) => b.vms.map((vm) => vm.name).join(', '),
    },
    {
      id: 'certificateExpiresAt',
      phone: false,
      cell: (b, { t, language }) => <CertificateExpiry balancer={b} t={t} language={language} />,
      text: (b) => b.certificateExpiresAt ?? '',
    },
    dateColumn<Balancer>('createdAt', { from: 'xl' }),
  ],
  filters: [
    {
      id: 'lbType',
      options: (t) => enumValues(LbType).map((v) => ({ value: String(v), label: t(`enums:lbType.${v}`) })),
    },
    statusFilter(balancerStatus),
  ],
  actions: [
    {
      id: 'edit',
      icon: <Edit fontSize="small" />,
      primary: true,
      allowed: canEditBalancer,
      link: (b) => routePath('editBalancer', { id: b.uuid }),
    },
    deleteAction<Balancer>({ allowed: canDeleteBalancer }),
  ],
  createForm: BalancerCreateForm,
  editForm: BalancerForm,
};
