import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import OpenInFull from '@mui/icons-material/OpenInFull';
import {
  CCX_ENGINES,
  type CcxCluster,
  type CcxClusterScale,
  canDeleteCluster,
  canScaleCluster,
} from '@portal/shared';
import { statusColumn, statusFilter } from '../../components/resource-kit/resource-status';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMoney } from '../../lib/format/money';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { ccxBase, ccxStatus } from './ccx-base';
import { CcxCreateForm } from './ccx-create-form';
import { ClusterEndpoint } from './ccx-endpoint';
import { endpointText, engineText, nodesText, sizeText } from './ccx-format';
import { CcxScaleDialog } from './ccx-scale-dialog';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

/** CCX clusters (routes ccxList, createCCX): list, create, scale and delete managed clusters. */
export const ccxResource: ResourceDefinition<CcxCluster> = {
  ...ccxBase,
  busy: ccxStatus.busy,
  search: true,
  tags: true,
  columns: [
    nameColumn({
      id: 'name',
      sortable: true,
      name: (c) => c.name,
      caption: (c, { phone, t }) =>
        phone && [
          engineText(c),
          t('values.nodes', { nodes: nodesText(c), size: sizeText(c.nodeSize, t) }),
          t('resource:price.perMonth', { amount: formatMoney(c.monthlyPrice) }),
        ],
      below: (c, { phone, t, language }) => (
        <>
          {phone && <ClusterEndpoint cluster={c} t={t} />}
          {/* The created column shows only from 1,536 px: below that the date is told here. */}
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'block', xl: 'none' }, whiteSpace: { sm: 'nowrap' } }}
          >
            {t('values.created', { date: formatDateTime(c.createdAt, language) })}
          </Typography>
        </>
      ),
    }),
    { id: 'engine', nowrap: true, cell: (c) => engineText(c), text: (c) => engineText(c) },
    {
      id: 'nodeCount',
      nowrap: true,
      cell: (c, { t }) => (
        <Box>
          <Typography variant="body2" data-testid={`ccx-nodes-${c.uuid}`}>
            {nodesText(c)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {sizeText(c.nodeSize, t)}
          </Typography>
        </Box>
      ),
      text: (c, { t }) => `${nodesText(c)} × ${sizeText(c.nodeSize, t)}`,
    },
    { id: 'vpcName', nowrap: true },
    {
      id: 'endpoint',
      cell: (c, { t }) => <ClusterEndpoint cluster={c} t={t} />,
      text: (c) => endpointText(c) ?? '',
    },
    statusColumn(ccxStatus),
    {
      id: 'monthlyPrice',
      align: 'right',
      nowrap: true,
      cell: (c, { t }) => (
        <span data-testid={`ccx-price-${c.uuid}`}>
          {t('values.money', { amount: formatMoney(c.monthlyPrice) })}
        </span>
      ),
      text: (c) => c.monthlyPrice,
    },
    dateColumn<CcxCluster>('createdAt', { from: 'xl' }),
  ],
  filters: [
    { id: 'engine', options: () => CCX_ENGINES.map((e) => ({ value: e.id, label: e.label })) },
    statusFilter(ccxStatus),
  ],
  actions: [
    defineAction<CcxCluster, CcxClusterScale>({
      id: 'scale',
      icon: <OpenInFull fontSize="small" />,
      primary: true,
      allowed: canScaleCluster,
      confirm: CcxScaleDialog,
    }),
    deleteAction<CcxCluster>({ allowed: canDeleteCluster, leavesDetail: true }),
  ],
  createForm: CcxCreateForm,
};
