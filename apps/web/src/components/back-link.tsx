import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';

/** The way back from a page to its list, above the page's title (`sx` instead of the space below it). */
export function BackLink({
  to,
  children,
  sx = { mb: 1 },
}: {
  to: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button component={Link} to={to} startIcon={<ArrowBack />} color="secondary" size="small" sx={sx}>
      {children}
    </Button>
  );
}
