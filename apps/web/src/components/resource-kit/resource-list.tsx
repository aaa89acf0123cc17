import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../resource-table/resource-column';
import { ResourceTable } from '../resource-table/resource-table';
import { type CsvColumn, exportAllRows } from '../../lib/resource-kit/csv';
import {
  type CellContext,
  type KitListAction,
  type ResourceDefinition,
  actionLabel,
  columnLabel,
} from '../../lib/resource-kit/definition';
import { apiQueryOf, listSpecOf } from '../../lib/resource-kit/list-state';
import { fetchPage, useResourceList } from '../../lib/resource-kit/resource-queries';
import { useListState } from '../../lib/resource-kit/use-list-state';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { ActionControls } from './action-controls';
import { useBulkSelection } from './bulk-selection';
import { ListToolbar } from './list-toolbar';
import { actionsOf } from './tags';
import { VISUALLY_HIDDEN } from '../visually-hidden';

const NO_FILTERS: Readonly<Record<string, string>> = {};

/** The field's value as text, for cells and CSV without a renderer of their own. */
function fieldText(row: unknown, id: string): string {
  const value = (row as Record<string, unknown>)[id];
  return value === undefined || value === null ? '' : String(value);
}

/** The declared columns as CSV: each column's `text`, or its field's value; the labels as headers. */
function csvColumnsOf<T>(def: ResourceDefinition<T>, ctx: CellContext): CsvColumn<T>[] {
  const csvCtx = { ...ctx, phone: false };
  return def.columns.map((c) => ({
    header: ctx.t(columnLabel(c)),
    text: (row) => (c.text ? c.text(row, csvCtx) : fieldText(row, c.id)),
  }));
}

export interface ResourceListProps<T> {
  def: ResourceDefinition<T>;
  /** The list's state lives in the page's address (a list page) or in memory (a detail tab). */
  inUrl?: boolean;
  /** Filters fixed by the page around the list: the VM whose disks a tab shows. */
  fixed?: Readonly<Record<string, string>>;
  /** A list kept in memory starts searched for this (the page's own `?search=`, as a search hit leads). */
  initialSearch?: string;
}

/**
 * The generic list of a declared resource: server paging, sorting, search and filters; row and
 * bulk actions gated by authority and the shared rules; CSV export of every page; polling while a
 * shown row is busy; on a phone only the declared columns, with the actions in a menu.
 */
export function ResourceList<T>({
  def,
  inUrl = false,
  fixed = NO_FILTERS,
  initialSearch,
}: ResourceListProps<T>) {
  const { t, i18n } = useTranslation([def.namespace, 'resource', 'enums', 'apiError']);
  const { can } = usePermissions();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const lg = useMediaQuery(theme.breakpoints.up('lg'));
  const xl = useMediaQuery(theme.breakpoints.up('xl'));
  const spec = useMemo(() => listSpecOf(def), [def]);
  const [state, setState] = useListState(spec, inUrl, initialSearch);
  const query = useMemo(() => apiQueryOf(state, fixed), [state, fixed]);
  const list = useResourceList(def, query);
  const rows = useMemo(() => list.data?.records ?? [], [list.data]);
  const [exporting, setExporting] = useState(false);
  const [listAction, setListAction] = useState<KitListAction | null>(null);
  const actions = useMemo(() => actionsOf(def), [def]);
  const ctx: CellContext = useMemo(() => ({ t, language: i18n.language, phone }), [t, i18n.language, phone]);
  const selection = useBulkSelection(def, rows, { actions, csv: () => csvColumnsOf(def, ctx) });
  const { runner } = selection;

  // The columns change with the definition, the screen and the user's rights, not with the rows
  // or the selection: rows on screen are drawn again only when their own record changes.
  const columns = useMemo<ResourceColumn<T>[]>(() => {
    const declared = def.columns
      .filter(
        (c) =>
          (!phone || c.phone) &&
          (c.from === undefined || (c.from === 'lg' ? lg : xl)) &&
          !(c.hiddenWhenFixed && c.hiddenWhenFixed in fixed),
      )
      .map((c): ResourceColumn<T> => ({
        id: c.id,
        header: t(columnLabel(c)),
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
    const rowActions: ResourceColumn<T>[] = actions.some((a) => can(a.authority ?? def.authority.manage))
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
                onRun={(action) => runner.start(action, [row])}
                can={can}
                t={t}
              />
            ),
          },
        ]
      : [];
    return [selection.column, ...declared, ...rowActions];
    // runner.start only opens a dialog or runs; it needs no fresh closure per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, fixed, phone, lg, xl, ctx, actions, can, t, selection.column]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAllRows(def.name, csvColumnsOf(def, ctx), (page, limit) =>
        fetchPage(def, { ...query, page, limit }),
      );
    } catch {
      // The api client has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  const listActions = (def.listActions ?? []).filter(
    (a) => can(a.authority ?? def.authority.manage) && (a.visible ? a.visible(fixed) : true),
  );
  const ListActionDialog = listAction?.dialog;

  return selection.wrap(
    <Paper variant="outlined" data-testid={`${def.name}-list`}>
      <ListToolbar
        def={def as ResourceDefinition<never>}
        state={state}
        setState={setState}
        hidden={new Set(Object.keys(fixed))}
        onExport={() => void exportCsv()}
        exporting={exporting}
      >
        {listActions.map((a) => (
          <Button
            key={a.id}
            size="small"
            variant="contained"
            startIcon={a.icon}
            onClick={() => setListAction(a)}
            data-testid={`${def.name}-${a.id}`}
          >
            {t(actionLabel(a))}
          </Button>
        ))}
      </ListToolbar>
      {selection.bar}
      <ResourceTable
        columns={columns}
        rows={rows}
        total={list.data?.total ?? 0}
        query={state}
        onQueryChange={(next) => setState({ ...state, ...next })}
        getRowId={def.id}
        loading={list.isPending || list.isPlaceholderData}
        emptyText={t('list.empty', { defaultValue: t('resource:list.empty') })}
        data-testid={`${def.name}-table`}
      />
      {runner.element}
      {ListActionDialog && <ListActionDialog fixed={fixed} onClose={() => setListAction(null)} />}
    </Paper>,
  );
}
