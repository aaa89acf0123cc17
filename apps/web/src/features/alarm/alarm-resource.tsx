import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/EditOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import { type Alarm, AlarmKind, AlarmMetric, enumValues, routePath } from '@portal/shared';
import { RowLink } from '../../components/resource-kit/row-link';
import { nameColumn } from '../../components/resource-kit/name-column';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import type { ResourceDefinition } from '../../lib/resource-kit/definition';
import { alarmBase, alarmStatus } from './alarm-base';
import { AlarmCreateForm, AlarmEditForm } from './alarm-form';
import { conditionText } from './alarm-text';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** What the alarm watches: its VM, or the month's budget. */
const watched = (a: Alarm, t: (key: string) => string) =>
  a.kind === AlarmKind.BUDGET ? t('values.budget') : (a.vmName ?? '—');

/**
 * Alarms (spec sections 3-5, issue 13): metric alarms on a VM and budget alarms in one list, with
 * their condition, status and last alarm; trigger by hand, edit (with the history), delete.
 */
export const alarmResource: ResourceDefinition<Alarm> = {
  ...alarmBase,
  busy: () => false,
  search: true,
  columns: [
    nameColumn({
      id: 'alarmName',
      sortable: true,
      nowrap: true,
      name: (a) => a.alarmName,
      link: (a) => ({ to: routePath('alarmEdit', { id: a.uuid }), testId: `alarm-link-${a.uuid}` }),
      caption: (a, { phone, t, language }) => phone && [watched(a, t), conditionText(a, t, language)],
    }),
    {
      id: 'vmName',
      cell: (a, { t }) =>
        a.kind === AlarmKind.BUDGET || !a.vmUuid ? (
          <Typography variant="body2" color="text.secondary">
            {watched(a, t)}
          </Typography>
        ) : (
          <RowLink to={routePath('vmDetail', { uuid: a.vmUuid })}>{a.vmName}</RowLink>
        ),
      text: (a, { t }) => watched(a, t),
    },
    {
      id: 'condition',
      cell: (a, { t, language }) => (
        <Typography variant="body2" data-testid={`alarm-condition-${a.uuid}`}>
          {conditionText(a, t, language)}
        </Typography>
      ),
      text: (a, { t, language }) => conditionText(a, t, language),
    },
    statusColumn(alarmStatus, { sortable: true }),
    dateColumn<Alarm>('lastAlarmTime'),
    dateColumn<Alarm>('createDate', { from: 'xl' }),
  ],
  filters: [
    statusFilter(alarmStatus),
    {
      id: 'kind',
      options: (t) => enumValues(AlarmKind).map((k) => ({ value: k, label: t(`enums:alarmKind.${k}`) })),
    },
    {
      id: 'item',
      options: (t) => enumValues(AlarmMetric).map((m) => ({ value: m, label: t(`enums:alarmMetric.${m}`) })),
    },
  ],
  actions: [
    {
      id: 'trigger',
      icon: <NotificationsActive fontSize="small" />,
      primary: true,
      confirm: 'confirm',
    },
    {
      id: 'edit',
      icon: <Edit fontSize="small" />,
      primary: true,
      link: (a) => routePath('alarmEdit', { id: a.uuid }),
    },
    deleteAction<Alarm>({ confirm: 'confirm' }),
  ],
  createForm: AlarmCreateForm,
  editForm: AlarmEditForm,
};
