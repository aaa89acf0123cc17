import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteSweep from '@mui/icons-material/DeleteSweepOutlined';
import type { TFunction } from 'i18next';
import { type Bucket, type DestructiveBody, canDeleteBucket, routePath } from '@portal/shared';
import { nameColumn } from '../../components/resource-kit/name-column';
import { formatDateTime } from '../../lib/format/date-time';
import { type ResourceDefinition, defineAction } from '../../lib/resource-kit/definition';
import { BucketObjectsTab } from './objects/bucket-objects-tab';
import { bucketBase } from './bucket-base';
import { CopyableText } from '../../components/copy-button';
import { BucketCreateDialog } from './bucket-create-dialog';
import { formatBytes, formatCount } from '../../lib/format/bytes';
import { BucketKeysTab } from './bucket-keys-tab';
import { BucketLifecycleTab } from './bucket-lifecycle-tab';
import { BucketPermissionTab } from './bucket-permission-tab';
import { BucketUsageTab } from './bucket-usage-tab';
import { deleteAction } from '../../components/resource-kit/delete-action';
import { dateColumn } from '../../components/resource-kit/date-column';

function AccessChip({ bucket, t }: { bucket: Bucket; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={bucket.isPublic ? 'warning' : 'default'}
      label={t(bucket.isPublic ? 'values.public' : 'values.private')}
      data-testid={`bucket-access-${bucket.name}`}
    />
  );
}

/** The size in human units; the exact bytes on hover. */
function Size({ bucket, language, t }: { bucket: Bucket; language: string; t: TFunction }) {
  return (
    <Tooltip title={t('values.bytes', { bytes: formatCount(bucket.sizeBytes, language) })}>
      <span data-testid={`bucket-size-${bucket.name}`}>{formatBytes(bucket.sizeBytes, language)}</span>
    </Tooltip>
  );
}

/**
 * Buckets (route bucket, log code 10018; spec sections 2, 4 and 5): the list, a dialog to create
 * one, and each bucket's page with its objects, lifecycle rules, permission, usage and API keys.
 */
export const bucketResource: ResourceDefinition<Bucket> = {
  ...bucketBase,
  busy: () => false,
  search: true,
  columns: [
    nameColumn({
      id: 'name',
      sortable: true,
      nowrap: true,
      name: (b) => b.name,
      link: (b) => ({ to: routePath('bucketDetail', { name: b.name }), testId: `bucket-link-${b.name}` }),
      caption: (b, { phone, t, language }) =>
        phone && [
          formatBytes(b.sizeBytes, language),
          t('values.objects', { count: b.objectCount, n: formatCount(b.objectCount, language) }),
        ],
    }),
    {
      id: 'isPublic',
      phone: true,
      cell: (b, { t }) => <AccessChip bucket={b} t={t} />,
      text: (b, { t }) => t(b.isPublic ? 'values.public' : 'values.private'),
    },
    {
      id: 'sizeBytes',
      sortable: true,
      align: 'right',
      nowrap: true,
      cell: (b, { language, t }) => <Size bucket={b} language={language} t={t} />,
      // The CSV keeps the exact bytes.
      text: (b) => String(b.sizeBytes),
    },
    {
      id: 'objectCount',
      align: 'right',
      nowrap: true,
      cell: (b, { language }) => formatCount(b.objectCount, language),
      text: (b) => String(b.objectCount),
    },
    dateColumn<Bucket>('createdAt'),
  ],
  actions: [
    defineAction<Bucket, DestructiveBody>({
      id: 'empty',
      icon: <DeleteSweep fontSize="small" />,
      confirm: 'password',
      destructive: true,
    }),
    deleteAction<Bucket>({ allowed: canDeleteBucket, leavesDetail: true }),
  ],
  detail: {
    fields: [
      { id: 'name', value: (b) => b.name },
      {
        id: 's3Name',
        value: (b, { t }) => (
          <CopyableText text={b.s3Name} label={t('fields.s3Name')} testId="bucket-s3-name" />
        ),
      },
      {
        id: 'endpoint',
        value: (b, { t }) => <CopyableText text={b.endpoint} label={t('fields.endpoint')} />,
      },
      { id: 'region', value: (b) => b.region },
      {
        id: 'addressing',
        value: (b, { t }) => (
          <Typography variant="body2" color="text.secondary">
            {t('values.pathStyle', { url: `${b.endpoint.replace(/\/+$/, '')}/${b.s3Name}/…` })}
          </Typography>
        ),
      },
      { id: 'isPublic', value: (b, { t }) => <AccessChip bucket={b} t={t} /> },
      {
        id: 'sizeBytes',
        value: (b, { language, t }) =>
          `${formatBytes(b.sizeBytes, language)} (${t('values.bytes', { bytes: formatCount(b.sizeBytes, language) })})`,
      },
      { id: 'objectCount', value: (b, { language }) => formatCount(b.objectCount, language) },
      { id: 'measuredAt', value: (b, { language }) => formatDateTime(b.measuredAt, language) },
      { id: 'createdAt', value: (b, { language }) => formatDateTime(b.createdAt, language) },
    ],
    tabs: [
      { id: 'objects', render: (b) => <BucketObjectsTab bucket={b} /> },
      { id: 'lifecycle', render: (b) => <BucketLifecycleTab bucket={b} /> },
      { id: 'permission', render: (b) => <BucketPermissionTab bucket={b} /> },
      { id: 'usage', render: (b) => <BucketUsageTab bucket={b} /> },
      { id: 'keys', render: (b) => <BucketKeysTab bucket={b} /> },
    ],
  },
  createDialog: BucketCreateDialog,
};
