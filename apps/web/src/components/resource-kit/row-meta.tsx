import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A row's secondary facts under its name ("2 vCPU · 4 GB · 10.0.0.5"), as a phone shows them in
 * place of the hidden columns. A line breaks only between facts, never inside one ("64 GB",
 * "10.0.0.17"), and the separator stays at the end of the line it closes.
 */
export function RowMeta({ items }: { items: readonly (string | null | undefined | false)[] }) {
  const shown = items.filter((item): item is string => Boolean(item));
  if (shown.length === 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {shown.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && ' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {index < shown.length - 1 ? `${item} ·` : item}
          </Box>
        </Fragment>
      ))}
    </Typography>
  );
}
