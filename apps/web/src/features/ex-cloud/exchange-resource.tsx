import Typography from '@mui/material/Typography';
import Replay from '@mui/icons-material/Replay';
import { type CloudExchange, canDeleteExchange, canOrderExchange } from '@portal/shared';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { exchangeBase, exchangeStatus } from './exchange-base';
import { ExchangeCreateForm } from './exchange-create-form';
import { cloudReasonText } from '../../lib/format/cloud-reason';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/**
 * Cloud-exchange connections (spec sections 2-4): one list per provider on the exCloud page's
 * tabs (`ccxType` fixed), ordered from the createExCloud form; a refused one can be ordered again.
 */
export const exchangeResource: ResourceDefinition<CloudExchange> = {
  ...exchangeBase,
  busy: exchangeStatus.busy,
  search: true,
  columns: [
    nameColumn({
      id: 'pairKey',
      name: (x) => x.pairKey,
      nameStyle: { fontFamily: 'monospace', wordBreak: 'break-all' },
      nameTestId: (x) => `exchange-key-${x.uuid}`,
      caption: (x, { phone, language }) => [
        phone && x.vpcName,
        phone && formatDateTime(x.createDate, language),
      ],
      below: (x, { t }) =>
        x.statusReason && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ wordBreak: 'break-word' }}
          >
            {t('values.reason', { reason: cloudReasonText(x.statusReason, t) })}
          </Typography>
        ),
    }),
    {
      id: 'ccxType',
      hiddenWhenFixed: 'ccxType',
      cell: (x, { t }) => t(`enums:ccxType.${x.ccxType}`),
      text: (x, { t }) => t(`enums:ccxType.${x.ccxType}`),
    },
    statusColumn(exchangeStatus),
    { id: 'vpcName', nowrap: true },
    { id: 'clientNumber', nowrap: true, from: 'xl' },
    dateColumn<CloudExchange>('createDate'),
  ],
  filters: [statusFilter(exchangeStatus)],
  actions: [
    defineAction<CloudExchange, undefined>({
      id: 'order',
      icon: <Replay fontSize="small" />,
      primary: true,
      allowed: canOrderExchange,
      confirm: 'confirm',
    }),
    deleteAction<CloudExchange>({ allowed: canDeleteExchange }),
  ],
  createForm: ExchangeCreateForm,
};
