import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** The row an operations table shows when its page has nothing: the text across every column. */
export function OpsEmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
        {text}
      </TableCell>
    </TableRow>
  );
}
