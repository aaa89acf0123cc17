import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import CreateNewFolder from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMoveOutlined';
import DriveFolderUpload from '@mui/icons-material/DriveFolderUploadOutlined';
import Refresh from '@mui/icons-material/Refresh';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Bucket, ObjectEntry } from '@portal/shared';
import { DownloadButton } from '../../../components/download-button';
import { useRowSelection } from '../../../components/resource-kit/row-selection';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { saveCsv } from '../../../lib/resource-kit/csv';
import { TipIconButton } from '../../../components/tip-icon-button';
import { CursorPager } from './cursor-pager';
import { FolderCreateDialog } from './folder-create-dialog';
import { ObjectBreadcrumb } from './object-breadcrumb';
import { ObjectDeleteDialog } from './object-delete-dialog';
import { prefixFromUrl } from './object-paths';
import { ObjectRenameDialog } from './object-rename-dialog';
import type { ObjectAction } from './object-row-menu';
import { ObjectTransferDialog, type TransferMode } from './object-transfer-dialog';
import { ObjectUrlDialog } from './object-url-dialog';
import { ObjectsTable } from './objects-table';
import { objectCsvColumns } from './object-csv';
import { changedKeys, downloadObject, listAllObjects, useObjectPage } from './objects-api';
import { PresignDialog } from './presign-dialog';
import { UploadPanel } from './upload-panel';
import { useUploadQueue } from './use-upload-queue';

/** The page address's query field holding the folder shown. */
export const PREFIX_PARAM = 'prefix';
const DEFAULT_LIMIT = 100;

type Open =
  | { kind: 'folder' }
  | { kind: 'rename' | 'presign' | 'url'; entry: ObjectEntry }
  | { kind: 'transfer'; entries: ObjectEntry[]; mode: TransferMode }
  | { kind: 'delete'; entries: ObjectEntry[] };

/** The folder shown, kept in the page address so back, forward and reload return to it. */
function usePrefix(): [string, (prefix: string) => void] {
  const [params, setParams] = useSearchParams();
  const prefix = prefixFromUrl(params.get(PREFIX_PARAM));
  const open = useCallback(
    (next: string) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next) out.set(PREFIX_PARAM, next);
        else out.delete(PREFIX_PARAM);
        return out;
      }),
    [setParams],
  );
  return [prefix, open];
}

/** Paging by cursor: the cursors of the pages before this one, reset in another folder. */
function useCursorPaging(prefix: string) {
  const [state, setState] = useState<{ prefix: string; limit: number; cursors: string[] }>({
    prefix,
    limit: DEFAULT_LIMIT,
    cursors: [],
  });
  const cursors = state.prefix === prefix ? state.cursors : [];
  return {
    limit: state.limit,
    page: cursors.length,
    cursor: cursors[cursors.length - 1],
    next: (cursor: string) => setState({ prefix, limit: state.limit, cursors: [...cursors, cursor] }),
    previous: () => setState({ prefix, limit: state.limit, cursors: cursors.slice(0, -1) }),
    setLimit: (limit: number) => setState({ prefix, limit, cursors: [] }),
  };
}

/**
 * A bucket's objects: browse folders, upload, download, every change the spec lists, and the
 * folder shown as CSV (all its pages).
 */
export function BucketObjectsTab({ bucket }: { bucket: Bucket }) {
  const { t } = useTranslation(['bucketObjects', 'apiError', 'resource']);
  const { can } = usePermissions();
  const manage = can('storage/bucket/manage');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const [prefix, openPrefix] = usePrefix();
  const paging = useCursorPaging(prefix);
  const listing = useObjectPage(bucket.name, { prefix, cursor: paging.cursor, limit: paging.limit });
  // A page of another folder stays on screen while the new one loads; its rows are not this one's.
  const current = listing.data?.prefix === prefix ? listing.data : undefined;
  const entries = useMemo(() => current?.entries ?? [], [current]);
  const ids = useMemo(() => entries.map((e) => e.key), [entries]);
  const { selected, setSelected, provider } = useRowSelection(ids);
  const [open, setOpen] = useState<Open | null>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  // Another page or folder (or a page whose rows changed) starts with nothing selected.
  const idsKey = ids.join('\n');
  useEffect(() => setSelected(new Set()), [idsKey, setSelected]);

  const changed = useCallback(
    () => void client.invalidateQueries({ queryKey: changedKeys(bucket.name) }),
    [client, bucket.name],
  );
  const uploads = useUploadQueue(bucket.name, changed);
  const chosen = entries.filter((e) => selected.has(e.key));

  const onAction = (action: ObjectAction, entry: ObjectEntry) => {
    if (action === 'download') void downloadObject(bucket.name, entry.key).catch(() => undefined);
    else if (action === 'copy' || action === 'move')
      setOpen({ kind: 'transfer', entries: [entry], mode: action });
    else if (action === 'delete') setOpen({ kind: 'delete', entries: [entry] });
    else setOpen({ kind: action, entry });
  };

  const pick = (input: HTMLInputElement | null) => {
    if (!input?.files?.length) return;
    uploads.add(Array.from(input.files), prefix);
    input.value = '';
  };

  const emptyText =
    current?.nextCursor === null && paging.page === 0
      ? t(prefix ? 'empty.folder' : 'empty.bucket')
      : t('empty.page');

  return (
    <Stack spacing={2} data-testid="bucket-objects">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <ObjectBreadcrumb bucketName={bucket.name} prefix={prefix} onOpen={openPrefix} />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}
        >
          {manage && (
            <>
              <Button
                variant="contained"
                size="small"
                startIcon={<UploadFile />}
                onClick={() => filesInput.current?.click()}
                data-testid="objects-upload-files"
              >
                {t('actions.uploadFiles')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DriveFolderUpload />}
                onClick={() => folderInput.current?.click()}
                data-testid="objects-upload-folder"
              >
                {t('actions.uploadFolder')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                startIcon={<CreateNewFolder />}
                onClick={() => setOpen({ kind: 'folder' })}
                data-testid="objects-create-folder"
              >
                {t('actions.createFolder')}
              </Button>
            </>
          )}
          <DownloadButton
            size="small"
            download={async () =>
              saveCsv(
                `objects-${bucket.name}`,
                objectCsvColumns(t),
                await listAllObjects(bucket.name, prefix),
              )
            }
            testId="objects-export"
          >
            {t('resource:list.export')}
          </DownloadButton>
          <TipIconButton
            title={t('actions.refresh')}
            icon={<Refresh fontSize="small" />}
            onClick={() => void listing.refetch()}
          />
        </Stack>
      </Stack>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        onChange={(e) => pick(e.currentTarget)}
        data-testid="objects-files-input"
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => pick(e.currentTarget)}
        data-testid="objects-folder-input"
      />
      <UploadPanel
        items={uploads.items}
        onCancel={uploads.cancel}
        onCancelAll={uploads.cancelAll}
        onClear={uploads.clearFinished}
      />
      {chosen.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ px: 2, py: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          data-testid="objects-bulk"
        >
          <Typography variant="body2" sx={{ flex: 1, minWidth: 120 }}>
            {t('bulk.selected', { count: chosen.length })}
          </Typography>
          <Button
            size="small"
            startIcon={<DriveFileMove />}
            onClick={() => setOpen({ kind: 'transfer', entries: chosen, mode: 'move' })}
            data-testid="objects-bulk-transfer"
          >
            {t('bulk.transfer')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={() => setOpen({ kind: 'delete', entries: chosen })}
            data-testid="objects-bulk-delete"
          >
            {t('actions.delete')}
          </Button>
        </Paper>
      )}
      <Paper variant="outlined">
        {listing.isError && !current ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void listing.refetch()}>
                {t('actions.retry')}
              </Button>
            }
            data-testid="objects-failed"
          >
            {t('failed')}
          </Alert>
        ) : (
          provider(
            <ObjectsTable
              entries={entries}
              loading={listing.isFetching || !current}
              manage={manage}
              phone={phone}
              empty={emptyText}
              onOpen={openPrefix}
              onAction={onAction}
            />,
          )
        )}
        <CursorPager
          page={paging.page}
          shown={entries.length}
          limit={paging.limit}
          hasNext={Boolean(current?.nextCursor)}
          onPrevious={paging.previous}
          onNext={() => current?.nextCursor && paging.next(current.nextCursor)}
          onLimit={paging.setLimit}
        />
      </Paper>
      {open?.kind === 'folder' && (
        <FolderCreateDialog
          bucket={bucket.name}
          prefix={prefix}
          onClose={() => setOpen(null)}
          onCreated={changed}
        />
      )}
      {open?.kind === 'rename' && (
        <ObjectRenameDialog
          bucket={bucket.name}
          entry={open.entry}
          onClose={() => setOpen(null)}
          onDone={changed}
        />
      )}
      {open?.kind === 'transfer' && (
        <ObjectTransferDialog
          bucket={bucket.name}
          entries={open.entries}
          initialMode={open.mode}
          startPrefix={prefix}
          onClose={() => setOpen(null)}
          onDone={changed}
        />
      )}
      {open?.kind === 'delete' && (
        <ObjectDeleteDialog
          bucket={bucket.name}
          entries={open.entries}
          onClose={() => setOpen(null)}
          onDone={changed}
        />
      )}
      {open?.kind === 'presign' && (
        <PresignDialog bucket={bucket.name} entry={open.entry} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'url' && (
        <ObjectUrlDialog bucket={bucket} entry={open.entry} onClose={() => setOpen(null)} />
      )}
    </Stack>
  );
}
