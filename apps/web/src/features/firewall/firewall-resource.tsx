import Edit from '@mui/icons-material/EditOutlined';
import { type Firewall, canDeleteFirewall, canEditFirewall, routePath } from '@portal/shared';
import { ResourceCreatePage } from '../../components/resource-kit/resource-form';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { useVpcs } from '../vpc';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { firewallBase, firewallStatus } from './firewall-base';
import { FirewallCreateForm, FirewallEditForm } from './firewall-form';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

const useVpcOptions = () => (useVpcs().data ?? []).map((vpc) => ({ value: vpc.netUuid, label: vpc.netName }));

/** Firewalls (spec sections 3-5): their status, VPC, rules and VMs; create, edit and delete. */
export const firewallResource: ResourceDefinition<Firewall> = {
  ...firewallBase,
  busy: firewallStatus.busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'name',
      sortable: true,
      nowrap: true,
      name: (fw) => fw.name,
      link: (fw) => ({
        to: routePath('editFirewall', { id: fw.firewallUuid }),
        testId: `firewall-link-${fw.firewallUuid}`,
      }),
      caption: (fw, { phone, t }) =>
        phone && [
          fw.vpcName,
          t('values.rules', { count: fw.ruleCount }),
          t('values.vms', { count: fw.vmCount }),
        ],
    }),
    statusColumn(firewallStatus),
    { id: 'vpcName' },
    { id: 'ruleCount', align: 'right', text: (fw) => String(fw.ruleCount) },
    { id: 'vmCount', align: 'right', text: (fw) => String(fw.vmCount) },
    dateColumn<Firewall>('createdAt', { from: 'lg' }),
  ],
  filters: [
    statusFilter(firewallStatus),
    { id: 'vpcUuid', label: 'fields.vpcName', useOptions: useVpcOptions },
  ],
  actions: [
    {
      id: 'edit',
      icon: <Edit fontSize="small" />,
      primary: true,
      allowed: canEditFirewall,
      link: (fw) => routePath('editFirewall', { id: fw.firewallUuid }),
    },
    deleteAction<Firewall>({ allowed: canDeleteFirewall, confirm: 'confirm' }),
  ],
  createForm: FirewallCreateForm,
  editForm: FirewallEditForm,
  // `/createFirewall/{vpcId}`: the same form with the VPC chosen (a VPC's page links here).
  extraPages: { createFirewallInVpc: () => <ResourceCreatePage def={firewallResource} /> },
};
