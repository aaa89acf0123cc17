import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { UseQueryResult } from '@tanstack/react-query';
import { TabEmpty, TabLoadFailed, TabLoading } from './bucket-tab-state';

/** Columns a phone leaves out (the first cell tells them). */
export const wideCell = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * A tab's rows as a table once they are read: a spinner while they load, the failure with a way
 * to ask again (`<testId>-failed`), the empty text (`<testId>-empty`), else the table
 * (`<testId>-table`) with its head and a row each.
 */
export function TabTable<T>({
  rows,
  testId,
  empty,
  head,
  children,
}: {
  rows: UseQueryResult<T[]>;
  testId: string;
  empty: ReactNode;
  head: ReactNode;
  children: (row: T) => ReactNode;
}) {
  if (rows.isPending) return <TabLoading />;
  if (rows.isError)
    return (
      <TabLoadFailed error={rows.error} onRetry={() => void rows.refetch()} testId={`${testId}-failed`} />
    );
  if (rows.data.length === 0) return <TabEmpty testId={`${testId}-empty`}>{empty}</TabEmpty>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={`${testId}-table`}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{rows.data.map(children)}</TableBody>
      </Table>
    </Box>
  );
}
