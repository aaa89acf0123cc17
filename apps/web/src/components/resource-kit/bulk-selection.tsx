import { type ReactNode, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../resource-table/resource-column';
import { actionState } from '../../lib/resource-kit/action-gate';
import { type CsvColumn, saveCsv } from '../../lib/resource-kit/csv';
import { type KitAction, type ListSubject, actionLabel } from '../../lib/resource-kit/definition';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { type ActionRunner, useActionRunner } from './action-runner';
import { SelectAllBox, SelectRowBox, useRowSelection } from './row-selection';

export interface BulkSelection<T> {
  /** The boxes' column, first in the table; a new one only when the list or the language changes. */
  column: ResourceColumn<T>;
  /** Over the table while rows are selected: the bulk actions and "export the selection as CSV". */
  bar: ReactNode;
  /** Puts the table inside the selection, which the boxes read. */
  wrap: (children: ReactNode) => ReactNode;
  /** Runs the list's actions on one row or on the selection; render `runner.element` once. */
  runner: ActionRunner<T>;
}

/**
 * Selecting a list's rows, for a declared resource's list and for a page's own list alike: the
 * boxes, and a bar with the actions that run on many (row by row, through the same call, dialog and
 * progress as one row's: the server's rules hold for each) and the export of the selected rows.
 * A list whose rows have no action that makes sense on many still offers the export.
 */
export function useBulkSelection<T>(
  subject: ListSubject<T>,
  rows: readonly T[],
  options: {
    /** The list's actions; those marked `bulk` that the user may run show in the bar. */
    actions?: readonly KitAction<T>[];
    /** The columns of the selection's CSV, asked for when it is exported. */
    csv: () => readonly CsvColumn<T>[];
  },
): BulkSelection<T> {
  const { t } = useTranslation([subject.namespace, 'resource', 'apiError']);
  const { can } = usePermissions();
  const ids = useMemo(() => rows.map(subject.id), [rows, subject]);
  const { selected, setSelected, provider } = useRowSelection(ids);
  const runner = useActionRunner(subject, { onBulkDone: () => setSelected(new Set()) });
  const bulkActions = (options.actions ?? []).filter(
    (a) => a.bulk && can(a.authority ?? subject.authority.manage),
  );
  const chosen = rows.filter((row) => selected.has(subject.id(row)));

  // Not made again with the rows or the selection: the boxes read both from the context.
  const column = useMemo<ResourceColumn<T>>(
    () => ({
      id: '__select',
      width: 48,
      header: <SelectAllBox label={t('resource:list.selectAll')} testId={`${subject.name}-select-all`} />,
      cell: (row) => (
        <SelectRowBox
          id={subject.id(row)}
          label={t('resource:list.select', { name: subject.title(row) })}
          testId={`${subject.name}-select-${subject.id(row)}`}
        />
      ),
    }),
    [subject, t],
  );

  const bar = chosen.length > 0 && (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        mx: 2,
        mb: 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'action.selected',
      }}
      data-testid={`${subject.name}-bulk-bar`}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
        {t('resource:bulk.selected', { count: chosen.length })}
      </Typography>
      {bulkActions.map((action) => {
        const allowed = chosen.filter(
          (row) =>
            actionState(action, row, can, subject.authority.manage).visible &&
            (action.allowed?.(row) ?? true) === true,
        ).length;
        return (
          <Button
            key={action.id}
            size="small"
            variant="outlined"
            color={action.destructive ? 'error' : 'secondary'}
            startIcon={action.icon}
            disabled={allowed === 0}
            onClick={() => runner.start(action, chosen, true)}
            data-testid={`${subject.name}-bulk-${action.id}`}
          >
            {t('resource:bulk.action', { action: t(actionLabel(action)), allowed, count: chosen.length })}
          </Button>
        );
      })}
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        startIcon={<Download />}
        onClick={() => saveCsv(subject.name, options.csv(), chosen)}
        data-testid={`${subject.name}-bulk-export`}
      >
        {t('resource:bulk.export')}
      </Button>
      <Button size="small" color="secondary" onClick={() => setSelected(new Set())}>
        {t('resource:bulk.clear')}
      </Button>
    </Box>
  );

  return { column, bar, wrap: provider, runner };
}
