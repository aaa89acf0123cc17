import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bucket, BucketKey, BucketKeyCreate, BucketKeyCreated } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { DownloadButton } from '../../components/download-button';
import { formatDateTime } from '../../lib/format/date-time';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { BUCKET_KEYS, createBucketKey, deleteBucketKey, keyListKey, useBucketKeyList } from './bucket-api';
import { bucketBase } from './bucket-base';
import { bucketKeyCsvColumns } from './bucket-key-csv';
import { BucketKeyCreateDialog } from './bucket-key-create-dialog';
import { BucketKeySecretDialog } from './bucket-key-secret-dialog';
import { TabEmpty, TabHeader, TabLoadFailed, TabLoading } from './bucket-tab-state';

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

/** Columns a phone leaves out (the name's cell tells them). */
const wide = { display: { xs: 'none', sm: 'table-cell' } };
const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

function KeyList({ bucket, language }: { bucket: Bucket; language: string }) {
  const { t } = useTranslation(['bucket', 'resource']);
  const { can } = usePermissions();
  const client = useQueryClient();
  const keys = useBucketKeyList(bucket.name);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<BucketKeyCreated | null>(null);
  const [deleting, setDeleting] = useState<BucketKey | null>(null);
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
  const remove = (key: BucketKey) => {
    setDeleting(null);
    deleteBucketKey(key.id)
      .then(() => toast.success('bucket.toasts.keyDeleted', { name: key.name }))
      .catch(() => undefined)
      .finally(() => void refresh());
  };

  const scopeText = (key: BucketKey) => t(key.bucketName === null ? 'keys.allBuckets' : 'keys.thisBucket');

  let body;
  if (keys.isPending) body = <TabLoading />;
  else if (keys.isError)
    body = (
      <TabLoadFailed error={keys.error} onRetry={() => void keys.refetch()} testId="bucket-keys-failed" />
    );
  else if (keys.data.length === 0) body = <TabEmpty testId="bucket-keys-empty">{t('keys.empty')}</TabEmpty>;
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="bucket-keys-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('keys.name')}</TableCell>
              <TableCell sx={wide}>{t('keys.accessKeyId')}</TableCell>
              <TableCell sx={wide}>{t('keys.scope')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('fields.createdAt')}
              </TableCell>
              {mayChange && <TableCell align="right">{t('resource:list.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.map((key) => (
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
                <TableCell sx={wide}>
                  <Typography sx={mono}>{key.accessKeyId}</Typography>
                </TableCell>
                <TableCell sx={wide}>{scopeText(key)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {formatDateTime(key.createdAt, language)}
                </TableCell>
                {mayChange && (
                  <TableCell align="right">
                    <Tooltip title={t('actions.delete')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.delete')}
                        onClick={() => setDeleting(key)}
                        data-testid={`bucket-key-delete-${key.id}`}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
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
      <ConfirmDialog
        open={deleting !== null}
        title={t('keys.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('keys.deleteBody')}
        confirmLabel={t('actions.delete')}
        destructive
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
