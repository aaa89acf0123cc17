import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectEntry } from '@portal/shared';
import { SelectAllBox, SelectRowBox } from '../../../components/resource-kit/row-selection';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/format/date-time';
import { formatBytes } from '../../../lib/format/bytes';
import { fileExtension } from './object-format';
import { type ObjectAction, ObjectRowMenu } from './object-row-menu';

/** Wide screens only: a phone shows size and date under the name instead. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The folders and files of one page, with boxes to select them and each row's actions. */
export function ObjectsTable({
  entries,
  loading,
  manage,
  phone,
  empty,
  onOpen,
  onAction,
}: {
  entries: ObjectEntry[];
  loading: boolean;
  manage: boolean;
  phone: boolean;
  /** What an empty page says. */
  empty: ReactNode;
  onOpen: (prefix: string) => void;
  onAction: (action: ObjectAction, entry: ObjectEntry) => void;
}) {
  const { t, i18n } = useTranslation(['bucketObjects', 'common']);
  const typeText = (e: ObjectEntry) =>
    e.type === 'folder' ? t('type.folder') : (fileExtension(e.name) ?? t('type.file'));
  const sizeText = (e: ObjectEntry) => (e.type === 'folder' ? '—' : formatBytes(e.size, i18n.language));
  return (
    <Box>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer>
        <Table
          size="small"
          sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          data-testid="objects-table"
        >
          <TableHead>
            <TableRow>
              {manage && (
                <TableCell padding="checkbox">
                  <SelectAllBox label={t('table.selectAll')} testId="objects-select-all" />
                </TableCell>
              )}
              <TableCell sx={{ fontWeight: 600 }}>{t('table.name')}</TableCell>
              <TableCell sx={{ ...WIDE, fontWeight: 600 }} align="right">
                {t('table.size')}
              </TableCell>
              <TableCell sx={{ ...WIDE, fontWeight: 600 }}>{t('table.type')}</TableCell>
              <TableCell sx={{ ...WIDE, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t('table.lastModified')}
              </TableCell>
              <TableCell align="right" sx={{ width: '1%' }}>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('table.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.key} hover data-testid="object-row" data-key={e.key}>
                {manage && (
                  <TableCell padding="checkbox">
                    <SelectRowBox
                      id={e.key}
                      label={t('table.select', { name: e.name })}
                      testId={`object-select-${e.key}`}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ minWidth: 0 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {e.type === 'folder' ? (
                      <FolderIcon fontSize="small" color="primary" aria-label={t('type.folder')} />
                    ) : (
                      <FileIcon fontSize="small" color="action" aria-label={t('type.file')} />
                    )}
                    <Box sx={{ minWidth: 0 }}>
                      {e.type === 'folder' ? (
                        <Link
                          component="button"
                          type="button"
                          variant="body2"
                          onClick={() => onOpen(e.key)}
                          sx={{ textAlign: 'left', wordBreak: 'break-all' }}
                          data-testid={`object-open-${e.key}`}
                        >
                          {e.name}
                        </Link>
                      ) : (
                        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                          {e.name}
                        </Typography>
                      )}
                      {phone && e.type === 'file' && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {sizeText(e)} · {formatDateTime(e.lastModified, i18n.language)}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell sx={{ ...WIDE, whiteSpace: 'nowrap' }} align="right" data-testid="object-size">
                  {sizeText(e)}
                </TableCell>
                <TableCell sx={WIDE}>{typeText(e)}</TableCell>
                <TableCell sx={{ ...WIDE, whiteSpace: 'nowrap' }} data-testid="object-modified">
                  {formatDateTime(e.lastModified, i18n.language)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <ObjectRowMenu entry={e} manage={manage} phone={phone} onAction={onAction} t={t} />
                </TableCell>
              </TableRow>
            ))}
            {entries.length === 0 && !loading && (
              <TableRow>
                <TableCell
                  colSpan={6}
                  align="center"
                  sx={{ py: 6, color: 'text.secondary' }}
                  data-testid="objects-empty"
                >
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
