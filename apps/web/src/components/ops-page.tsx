import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The padded, centred column of a staff (ops) page, as wide as what it lists needs. */
export function OpsPage({
  maxWidth = 1200,
  testId,
  children,
}: {
  maxWidth?: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ maxWidth, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 3, md: 5 } }} data-testid={testId}>
      {children}
    </Box>
  );
}
