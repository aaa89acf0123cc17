import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** A page's own heading: an h1 drawn as h4, a size smaller on phones. `sx` adds spacing. */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography
      variant="h4"
      component="h1"
      sx={[
        { fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Typography>
  );
}
