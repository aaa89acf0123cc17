import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A heading (or a field) on the left and its controls on the right, side by side from the `from`
 * breakpoint up and one under the other, full width, below it.
 */
export function HeaderRow({
  from = 'sm',
  align = 'flex-start',
  gap = 2,
  mb = 2,
  children,
}: {
  from?: 'sm' | 'md';
  /** How the two sides line up when side by side. */
  align?: 'flex-start' | 'center';
  gap?: number;
  mb?: number;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', [from]: 'row' },
        justifyContent: 'space-between',
        alignItems: { xs: 'stretch', [from]: align },
        gap,
        mb,
      }}
    >
      {children}
    </Box>
  );
}
