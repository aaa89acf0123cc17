import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from './page-title';

/** The card of a public flow step (register, password recovery): a title, a lead and the body. */
export function FlowCard({
  title,
  lead,
  children,
  maxWidth = 'sm',
  testId,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 8 } }} data-testid={testId}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <PageTitle sx={{ mb: 1 }}>{title}</PageTitle>
        {lead && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {lead}
          </Typography>
        )}
        {children}
      </Paper>
    </Container>
  );
}
