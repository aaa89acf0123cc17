import { memo, useMemo, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@portal/shared';
import type { ResourceColumn, TableQuery } from './resource-column';

/** Pages up to this size render plainly; longer ones (the "all" choice) are virtualised. */
export const VIRTUALIZE_FROM = 101;
const ROW_HEIGHT = 53;
/** Rows drawn beyond each edge of the view: enough for a fast wheel, few to draw at first. */
const OVERSCAN = 6;

// MUI's pagination spells "all" as -1; the API spells it 0.
const toMuiLimit = (limit: number) => (limit === 0 ? -1 : limit);
const fromMuiLimit = (limit: number) => (limit === -1 ? 0 : limit);

export interface ResourceTableProps<T> {
  columns: ResourceColumn<T>[];
  rows: T[];
  total: number;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  getRowId: (row: T) => string;
  /** A row's own attributes (`data-testid`, `data-*`); one function for the list, not one per render. */
  rowAttributes?: (row: T) => Record<string, string>;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Height of the scrolling body; long lists scroll inside it. */
  maxHeight?: number | string;
  'data-testid'?: string;
}

function fieldText(row: unknown, id: string): ReactNode {
  const value = (row as Record<string, unknown>)[id];
  return value === undefined || value === null ? '' : String(value);
}

const ROW_SX = { height: ROW_HEIGHT };
const CELL_SX = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } };
/**
 * On a phone the pagination wraps instead of overflowing: "每頁筆數 10 第 1–10 筆，共 17 筆" and
 * the arrows are wider than 390 px, and the next-page arrow was cut off.
 */
const PAGINATION_SX = {
  '& .MuiTablePagination-toolbar': {
    flexWrap: { xs: 'wrap', sm: 'nowrap' },
    justifyContent: 'flex-end',
    pl: { xs: 1, sm: 2 },
    pr: { xs: 1, sm: '2px' }, // MUI's own 2px, when the arrows' margin does not close the line
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
};

/**
 * One body row, rendered again only when its record or the columns change: while a long list
 * scrolls, only the rows coming into view render, not every row on screen at every frame (with
 * 10,000 rows that was a long task per frame).
 */
const BodyRow = memo(function BodyRow({
  original,
  columns,
  attributes,
}: {
  original: unknown;
  columns: ResourceColumn<unknown>[];
  attributes?: (row: unknown) => Record<string, string>;
}) {
  return (
    <TableRow hover data-testid="resource-table-row" sx={ROW_SX} {...attributes?.(original)}>
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          {column.cell ? column.cell(original) : fieldText(original, column.id)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <T>(props: {
  original: T;
  columns: ResourceColumn<T>[];
  attributes?: (row: T) => Record<string, string>;
}) => ReactElement;

/**
 * The rows of a long list that are in view, with spacers above and below for the rest. It owns the
 * virtualizer, so scrolling renders this body alone, not the header and pagination around it; and
 * it renders after the browser paints rather than inside the scroll event (no flushSync).
 */
function VirtualRows<T>({
  rows,
  ids,
  columns,
  attributes,
  scrollElement,
  height,
}: {
  rows: T[];
  ids: string[];
  columns: ResourceColumn<T>[];
  attributes?: (row: T) => Record<string, string>;
  scrollElement: HTMLDivElement | null;
  /** The body's height before it is measured, so the first render already has its rows. */
  height: number;
}) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    useFlushSync: false,
    initialRect: { width: 0, height },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {padTop > 0 && <Spacer height={padTop} columnCount={columns.length} />}
      {items.map((item) => (
        <BodyRow
          key={ids[item.index]}
          original={rows[item.index]!}
          columns={columns}
          attributes={attributes}
        />
      ))}
      {padBottom > 0 && <Spacer height={padBottom} columnCount={columns.length} />}
    </>
  );
}

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <TableRow aria-hidden>
      <TableCell colSpan={columnCount} sx={{ height, p: 0, border: 0 }} />
    </TableRow>
  );
}

/**
 * A server-paged, server-sorted table. Page sizes come from PAGE_SIZES, 0 meaning "all"; then the
 * body is virtualised, so 10,000 rows keep only a screenful of rows in the DOM.
 */
export function ResourceTable<T>({
  columns,
  rows,
  total,
  query,
  onQueryChange,
  getRowId,
  rowAttributes,
  loading = false,
  emptyText,
  maxHeight = 640,
  'data-testid': testId = 'resource-table',
}: ResourceTableProps<T>) {
  const { t } = useTranslation();
  // The scrolling body as state, not a ref: the virtual rows inside it mount before the body's
  // ref is set, and would never see it (nor a scroll) unless the body's arrival renders them again.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: () => column.header,
      })),
    [columns],
  );

  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: total,
  });
  // The body reads the records themselves: the table's row model (an object per row) is not
  // needed for rows that are neither sorted nor paged here, and cost 10,000 objects on "all".
  const ids = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const virtual = rows.length >= VIRTUALIZE_FROM;

  const sortBy = (id: string) => {
    const orderby = query.sort === id && query.orderby === 'asc' ? 'desc' : 'asc';
    onQueryChange({ ...query, sort: id, orderby, page: 0 });
  };

  const columnCount = columns.length;

  return (
    <Box data-testid={testId}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer ref={setScrollElement} sx={{ maxHeight, overflow: 'auto' }}>
        {/* A phone's narrow cells keep their text rather than their padding. */}
        <Table stickyHeader size="medium" sx={CELL_SX}>
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const column = columns.find((c) => c.id === header.id);
                  const active = query.sort === header.id;
                  return (
                    <TableCell
                      key={header.id}
                      align={column?.align}
                      sx={{ width: column?.width, fontWeight: 600, whiteSpace: 'nowrap' }}
                      sortDirection={active ? (query.orderby ?? 'asc') : false}
                    >
                      {column?.sortable ? (
                        <TableSortLabel
                          active={active}
                          direction={active ? (query.orderby ?? 'asc') : 'asc'}
                          onClick={() => sortBy(header.id)}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </TableSortLabel>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {virtual ? (
              <VirtualRows
                rows={rows}
                columns={columns}
                attributes={rowAttributes}
                ids={ids}
                scrollElement={scrollElement}
                height={typeof maxHeight === 'number' ? maxHeight : ROW_HEIGHT * 12}
              />
            ) : (
              rows.map((row, i) => (
                <BodyRow key={ids[i]} original={row} columns={columns} attributes={rowAttributes} />
              ))
            )}
            {rows.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {emptyText ?? t('table.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={query.limit === 0 ? 0 : query.page}
        rowsPerPage={toMuiLimit(query.limit)}
        rowsPerPageOptions={PAGE_SIZES.map((size) =>
          size === 0 ? { label: t('table.all'), value: -1 } : size,
        )}
        onPageChange={(_, page) => onQueryChange({ ...query, page })}
        onRowsPerPageChange={(event) =>
          onQueryChange({ ...query, page: 0, limit: fromMuiLimit(Number(event.target.value)) })
        }
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
        sx={PAGINATION_SX}
      />
    </Box>
  );
}
