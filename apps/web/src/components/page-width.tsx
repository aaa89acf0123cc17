import type { ReactNode } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';

const MAX_WIDTH = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/**
 * A centred, padded column like MUI's Container, built on Box: the public pages use it so the first
 * visit to Home does not download another component (see the bundle budget in scripts/).
 */
export function PageWidth({
  max = 'lg',
  children,
  sx,
  ...rest
}: { max?: keyof typeof MAX_WIDTH; children: ReactNode } & Omit<BoxProps, 'maxWidth'>) {
  return (
    <Box
      {...rest}
      sx={[
        { width: '100%', maxWidth: MAX_WIDTH[max], mx: 'auto', px: { xs: 2, sm: 3 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
