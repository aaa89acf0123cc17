import type { ReactNode } from 'react';
import MuiLink from '@mui/material/Link';
import { Link } from 'react-router';

/** A link in a table cell or a detail field to another page of the console. */
export function RowLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <MuiLink
      component={Link}
      to={to}
      underline="hover"
      sx={{ fontWeight: 600, wordBreak: 'break-word' }}
      data-testid={testId}
    >
      {children}
    </MuiLink>
  );
}
