import { type ReactNode, useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../resource-table/resource-column';
import { ResourceTable } from '../resource-table/resource-table';
import type { Paged } from '../../lib/api/resource';
import { type CsvColumn, exportAllRows } from '../../lib/resource-kit/csv';
import {
  type CellContext,
  type KitAction,
  type KitColumn,
  type ListDefinition,
  columnLabel,
} from '../../lib/resource-kit/definition';
import type { ListQuery } from '../../lib/resource-kit/list-state';
import type { ListControls } from '../../lib/resource-kit/use-list-state';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { VISUALLY_HIDDEN } from '../visually-hidden';
import { ActionControls } from './action-controls';
import { useBulkSelection } from './bulk-selection';
import { ListToolbar } from './list-toolbar';

const NO_FILTERS: Readonly<Record<string, string>> = {};
const NO_ACTIONS: readonly never[] = [];

/** The field's value as text, for cells and CSV without a renderer of their own. */
function fieldText(row: unknown, id: string): string {
  const value = (row as Record<string, unknown>)[id];
  return value === undefined || value === null ? '' : String(value);
}

/** The declared columns as CSV: each column's `text`, or its field's value; the labels as headers. */
function csvColumnsOf<T>(columns: readonly KitColumn<T>[], ctx: CellContext): CsvColumn<T>[] {
  const csvCtx = { ...ctx, phone: false, compact: false };
  return columns
    .filter((c) => c.phone !== 'only')
    .map((c) => ({
      header: ctx.t(columnLabel(c)),
      text: (row) => (c.text ? c.text(row, csvCtx) : fieldText(row, c.id)),
    }));
}

export interface ListViewProps<T> {
  def: ListDefinition<T>;
  /** The list's state and query (useListControls). */
  controls: ListControls;
  /** The page on screen; undefined until the first answer. */
  page: Paged<T> | undefined;
  loading: boolean;
  /** The row actions: the declaration's by default (a resource adds its tags action). */
  actions?: readonly KitAction<T>[];
  /** Filters fixed by the page around the list: not offered, nor their columns (`hiddenWhenFixed`). */
  fixed?: Readonly<Record<string, string>>;
  /** The columns of the list's CSV files; the declared columns' text by default. */
  csv?: () => readonly CsvColumn<T>[];
  /** "Export CSV" in the bar: every page of the filtered, sorted list, each asked with `fetch`. */
  exportAll?: { fetch: (query: ListQuery) => Promise<Paged<T>>; testId?: string };
  /** The list's own buttons, in the bar before the export. */
  toolbar?: ReactNode;
  /** Above the bar (a heading) and under the table (a note). */
  header?: ReactNode;
  footer?: ReactNode;
  /** What an empty page says; the list's `list.empty`, else the kit's. */
  emptyText?: string;
  /** The table's test id; `<name>-table` by default. */
  tableTestId?: string;
}

/**
 * The kit's list, for a declared resource and for a page's own list alike: the filter bar, server
 * paging and sort, the selection with its bar (bulk actions, the selection as CSV), the row's
 * actions gated by authority and rule, CSV of every page; below 600 px only the columns marked
 * `phone` (or the phone's own stacked column), with the actions in a menu, and below 1,200 px
 * without the columns shown `from: 'lg'`. Row cells are drawn again only when their own record
 * changes: columns do not depend on the rows or the selection (the boxes read it from a context).
 */
export function ListView<T>({
  def,
  controls,
  page,
  loading,
  actions = def.actions ?? NO_ACTIONS,
  fixed = NO_FILTERS,
  csv,
  exportAll,
  toolbar,
  header,
  footer,
  emptyText,
  tableTestId = `${def.name}-table`,
}: ListViewProps<T>) {
  const { t, i18n } = useTranslation([def.namespace, 'resource', 'enums', 'apiError']);
  const { can } = usePermissions();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const lg = useMediaQuery(theme.breakpoints.up('lg'));
  const xl = useMediaQuery(theme.breakpoints.up('xl'));
  const rows = useMemo(() => page?.records ?? [], [page]);
  const ctx: CellContext = useMemo(
    () => ({ t, language: i18n.language, phone, compact: !lg }),
    [t, i18n.language, phone, lg],
  );
  const csvColumns = () => (csv ? csv() : csvColumnsOf(def.columns, ctx));
  const selection = useBulkSelection(def, rows, { actions, csv: csvColumns });
  const selectable = def.selectable ?? true;
  const { start } = selection.runner;
  const { state, setState, query } = controls;

  // The columns change with the declaration, the screen and the user's rights, not with the rows
  // or the selection: rows on screen are drawn again only when their own record changes.
  const columns = useMemo<ResourceColumn<T>[]>(() => {
    const declared = def.columns
      .filter(
        (c) =>
          (phone ? Boolean(c.phone) : c.phone !== 'only') &&
          (phone || c.from === undefined || (c.from === 'lg' ? lg : xl)) &&
          !(c.hiddenWhenFixed && c.hiddenWhenFixed in fixed),
      )
      .map((c): ResourceColumn<T> => ({
        id: c.id,
        header: t(phone && c.phoneLabel ? c.phoneLabel : columnLabel(c)),
        sortable: c.sortable,
        align: c.align,
        width: c.width,
        cell: (row) => {
          const content = c.cell ? c.cell(row, ctx) : fieldText(row, c.id);
          return c.nowrap && !phone ? (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {content}
            </Box>
          ) : (
            content
          );
        },
      }));
    const onRows = actions.filter((a) => a.bulk !== 'only' && can(a.authority ?? def.authority.manage));
    const rowActions: ResourceColumn<T>[] =
      onRows.length > 0
        ? [
            {
              id: '__actions',
              header: (
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {t('resource:list.actions')}
                </Box>
              ),
              align: 'right',
              cell: (row) => (
                <ActionControls
                  def={def}
                  row={row}
                  actions={actions}
                  variant={phone ? 'menu' : 'icons'}
                  onRun={(action) => start(action, [row])}
                  can={can}
                  t={t}
                />
              ),
            },
          ]
        : [];
    return [...(selectable ? [selection.column] : []), ...declared, ...rowActions];
  }, [def, fixed, phone, lg, xl, ctx, actions, can, t, selectable, selection.column, start]);

  const download = exportAll
    ? () =>
        exportAllRows(def.name, csvColumns(), (pageNo, limit) =>
          exportAll.fetch({ ...query, page: pageNo, limit }),
        )
    : undefined;

  return selection.wrap(
    <Paper variant="outlined" data-testid={`${def.name}-list`}>
      {header}
      <ListToolbar
        def={def as ListDefinition<never>}
        controls={controls}
        hidden={new Set(Object.keys(fixed))}
        exportAll={download && { download, testId: exportAll?.testId }}
      >
        {toolbar}
      </ListToolbar>
      {selectable && selection.bar}
      <ResourceTable
        columns={columns}
        rows={rows}
        total={page?.total ?? 0}
        query={state}
        onQueryChange={(next) => setState({ ...state, ...next })}
        getRowId={def.id}
        rowAttributes={def.rowAttributes}
        loading={loading}
        emptyText={emptyText ?? t('list.empty', { defaultValue: t('resource:list.empty') })}
        data-testid={tableTestId}
      />
      {footer}
      {selection.runner.element}
    </Paper>,
  );
}
