import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

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
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
        >
          {title}
        </Typography>
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
