import TablePagination from '@mui/material/TablePagination';
import type { OpsListParams } from './ops-list-params';

/**
 * The pager under an operations table, driven by the address (useOpsListParams). A page beyond
 * the last (the list shrank) shows as the first until the next answer.
 */
export function OpsListPagination({
  list,
  total,
  totalLabel,
  perPageLabel,
}: {
  list: OpsListParams;
  /** Undefined until the first answer. */
  total: number | undefined;
  totalLabel: (count: number) => string;
  perPageLabel: string;
}) {
  const { page, limit, defaultLimit, change } = list;
  return (
    <TablePagination
      component="div"
      count={total ?? 0}
      page={total !== undefined && page * limit < Math.max(total, 1) ? page : 0}
      rowsPerPage={limit}
      rowsPerPageOptions={[10, 20, 50, 100]}
      onPageChange={(_, p: number) => change({ page: p === 0 ? null : String(p) })}
      onRowsPerPageChange={(e) =>
        change({ limit: e.target.value === String(defaultLimit) ? null : e.target.value, page: null })
      }
      labelDisplayedRows={({ count }) => totalLabel(count)}
      labelRowsPerPage={perPageLabel}
    />
  );
}
