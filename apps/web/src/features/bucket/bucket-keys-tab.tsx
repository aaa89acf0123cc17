import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bucket, BucketKey, BucketKeyCreate, BucketKeyCreated } from '@portal/shared';
import { DownloadButton } from '../../components/download-button';
import { formatDateTime } from '../../lib/format/date-time';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { BUCKET_KEYS, createBucketKey, deleteBucketKey, keyListKey, useBucketKeyList } from './bucket-api';
import { bucketBase } from './bucket-base';
import { bucketKeyCsvColumns } from './bucket-key-csv';
import { useRowDelete } from './bucket-row-delete';
import { BucketKeyCreateDialog } from './bucket-key-create-dialog';
import { BucketKeySecretDialog } from './bucket-key-secret-dialog';
import { TabHeader } from './bucket-tab-state';
import { TabTable, wideCell } from './bucket-tab-table';
import { TipIconButton } from '../../components/tip-icon-button';

/**
 * The bucket's API secret keys, for any S3 client: those scoped to it and those reaching every
 * bucket, and as CSV (never a secret). A new key's secret shows once, in its own dialog; on a
 * service where the portal issues no keys (keysIssued false) the tab says so instead.
 */
export function BucketKeysTab({ bucket }: { bucket: Bucket }) {
  const { t, i18n } = useTranslation(['bucket', 'resource']);
  if (!bucket.keysIssued)
    return (
      <Box data-testid="bucket-keys">
        <TabHeader title={t('keys.title')} />
        <Alert severity="info" data-testid="bucket-keys-not-issued">
          {t('keys.notIssued')}
        </Alert>
      </Box>
    );
  return <KeyList bucket={bucket} language={i18n.language} />;
}

const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

function KeyList({ bucket, language }: { bucket: Bucket; language: string }) {
  const { t } = useTranslation(['bucket', 'resource']);
  const { can } = usePermissions();
  const client = useQueryClient();
  const keys = useBucketKeyList(bucket.name);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<BucketKeyCreated | null>(null);
  const mayChange = can(bucketBase.authority.manage);
  const refresh = () => client.invalidateQueries({ queryKey: keyListKey(bucket.name) });

  const create = async (body: BucketKeyCreate) => {
    try {
      const key = await createBucketKey(body);
      setCreating(false);
      setCreated(key);
      return key;
    } finally {
      void refresh();
    }
  };
  const deleting = useRowDelete<BucketKey>({
    remove: (key) => deleteBucketKey(key.id),
    done: (key) => toast.success('bucket.toasts.keyDeleted', { name: key.name }),
    refresh,
    title: (key) => t('keys.deleteTitle', { name: key?.name ?? '' }),
    body: t('keys.deleteBody'),
  });

  const scopeText = (key: BucketKey) => t(key.bucketName === null ? 'keys.allBuckets' : 'keys.thisBucket');

  const body = (
    <TabTable
      rows={keys}
      testId="bucket-keys"
      empty={t('keys.empty')}
      head={
        <>
          <TableCell>{t('keys.name')}</TableCell>
          <TableCell sx={wideCell}>{t('keys.accessKeyId')}</TableCell>
          <TableCell sx={wideCell}>{t('keys.scope')}</TableCell>
          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('fields.createdAt')}</TableCell>
          {mayChange && <TableCell align="right">{t('resource:list.actions')}</TableCell>}
        </>
      }
    >
      {(key) => (
        <TableRow key={key.id} data-testid={`bucket-key-${key.id}`}>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            {key.name}
            {/* A phone has no room for the other columns: they are told here. */}
            <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
              <Typography sx={mono}>{key.accessKeyId}</Typography>
              <Typography variant="caption" color="text.secondary">
                {scopeText(key)}
              </Typography>
            </Box>
          </TableCell>
          <TableCell sx={wideCell}>
            <Typography sx={mono}>{key.accessKeyId}</Typography>
          </TableCell>
          <TableCell sx={wideCell}>{scopeText(key)}</TableCell>
          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
            {formatDateTime(key.createdAt, language)}
          </TableCell>
          {mayChange && (
            <TableCell align="right">
              <TipIconButton
                title={t('actions.delete')}
                icon={<DeleteOutline fontSize="small" />}
                onClick={() => deleting.ask(key)}
                testId={`bucket-key-delete-${key.id}`}
              />
            </TableCell>
          )}
        </TableRow>
      )}
    </TabTable>
  );

  return (
    <Box data-testid="bucket-keys">
      <TabHeader
        title={t('keys.title')}
        hint={t('keys.hint')}
        action={
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {keys.data && keys.data.length > 0 && (
              <DownloadButton
                download={() =>
                  exportAllRows(`bucket-keys-${bucket.name}`, bucketKeyCsvColumns(t), (page, limit) =>
                    getPage<BucketKey>(BUCKET_KEYS, { bucketName: bucket.name, page, limit }),
                  )
                }
                testId="bucket-keys-export"
              >
                {t('resource:list.export')}
              </DownloadButton>
            )}
            {mayChange && (
              <Button
                variant="outlined"
                startIcon={<Add />}
                onClick={() => setCreating(true)}
                sx={{ whiteSpace: 'nowrap' }}
                data-testid="bucket-key-create"
              >
                {t('keys.create')}
              </Button>
            )}
          </Stack>
        }
      />
      {body}
      {creating && (
        <BucketKeyCreateDialog bucket={bucket} onCreate={create} onCancel={() => setCreating(false)} />
      )}
      {created && (
        <BucketKeySecretDialog bucket={bucket} created={created} onClose={() => setCreated(null)} />
      )}
      {deleting.dialog}
    </Box>
  );
}
