import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/EditOutlined';
import {
  DEFAULT_TIME_ZONE,
  type SnapshotRule,
  SnapshotPolicyCycle,
  enumValues,
  routePath,
} from '@portal/shared';
import { RowLink } from '../../components/resource-kit/row-link';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { snapshotRuleBase } from './snapshot-rule-base';
import { SnapshotRuleCreateForm, SnapshotRuleForm } from './snapshot-rule-form';
import { scheduleText } from './snapshot-rule-schedule';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

const SHOWN_VMS = 3;

/** Snapshot rules (spec sections 3-5): the schedule, how many to keep, the VMs they protect. */
export const snapshotRuleResource: ResourceDefinition<SnapshotRule> = {
  ...snapshotRuleBase,
  busy: () => false,
  search: true,
  columns: [
    nameColumn({
      id: 'policyName',
      sortable: true,
      nowrap: true,
      name: (r) => r.policyName,
      link: (r) => ({
        to: routePath('editSnapshotRule', { id: r.uuid }),
        testId: `snapshotRule-link-${r.uuid}`,
      }),
      beside: (r, { t }) =>
        r.isDefault && (
          // The rule one-click protection makes and adds to (the VMs' Protect dialog).
          <Chip
            size="small"
            variant="outlined"
            label={t('values.default')}
            sx={{ ml: 1 }}
            data-testid={`snapshotRule-default-${r.uuid}`}
          />
        ),
      caption: (r, { phone, t }) =>
        phone && [scheduleText(r, t), t('values.keeps', { count: r.retainedQuantity })],
    }),
    {
      id: 'policyCycle',
      label: 'fields.schedule',
      cell: (r, { t }) => scheduleText(r, t),
      text: (r, { t }) => scheduleText(r, t),
    },
    {
      id: 'retainedQuantity',
      align: 'right',
      cell: (r, { t }) => t('values.keeps', { count: r.retainedQuantity }),
      text: (r) => String(r.retainedQuantity),
    },
    {
      id: 'vms',
      phone: true,
      cell: (r, { t }) =>
        r.vms.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('values.noVms')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            {r.vms.slice(0, SHOWN_VMS).map((vm) => (
              <RowLink key={vm.uuid} to={routePath('vmDetail', { uuid: vm.uuid })}>
                {vm.name}
              </RowLink>
            ))}
            {r.vms.length > SHOWN_VMS && (
              <Typography variant="body2" color="text.secondary">
                {t('values.more', { count: r.vms.length - SHOWN_VMS })}
              </Typography>
            )}
          </Box>
        ),
      text: (r) => r.vms.map((vm) => vm.name).join(', '),
    },
    {
      id: 'nextRunAt',
      sortable: true,
      nowrap: true,
      cell: (r, { language }) => formatDateTime(r.nextRunAt, language, DEFAULT_TIME_ZONE),
      text: (r) => r.nextRunAt,
    },
    {
      id: 'lastRunAt',
      nowrap: true,
      from: 'xl',
      cell: (r, { language }) => formatDateTime(r.lastRunAt, language, DEFAULT_TIME_ZONE),
      text: (r) => r.lastRunAt ?? '',
    },
    dateColumn<SnapshotRule>('createDate', { from: 'lg' }),
  ],
  filters: [
    {
      id: 'policyCycle',
      options: (t) =>
        enumValues(SnapshotPolicyCycle).map((c) => ({
          value: String(c),
          label: t(`enums:snapshotPolicyCycle.${c}`),
        })),
    },
  ],
  actions: [
    {
      id: 'edit',
      icon: <Edit fontSize="small" />,
      primary: true,
      link: (r) => routePath('editSnapshotRule', { id: r.uuid }),
    },
    deleteAction<SnapshotRule>({ confirm: 'confirm' }),
  ],
  createForm: SnapshotRuleCreateForm,
  editForm: SnapshotRuleForm,
};
