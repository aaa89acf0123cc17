import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormSection } from './resource-form';

/** A resource form's fields two to a row from 900 px, one on a phone. */
export function FormGrid({ rowGap = 1, children }: { rowGap?: number; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap }}>
      {children}
    </Box>
  );
}

/** An empty cell: the field before it alone on its row on a wide screen; no empty row on a phone. */
export const FormGridSpacer = () => <Box sx={{ display: { xs: 'none', md: 'block' } }} />;

/** A resource form whose sections stack, its buttons last. */
export function FormPage({
  testId,
  onSubmit,
  children,
}: {
  testId: string;
  onSubmit: FormEventHandler;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** The price section of a stacked form ("Price"). */
export function PriceSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation('resource');
  return <FormSection title={t('price.title')}>{children}</FormSection>;
}

/**
 * A resource form with its live price beside it from 1,200 px, kept in view while the form
 * scrolls; on a phone the price comes after the sections and before the buttons.
 */
export function PricedFormPage({
  testId,
  onSubmit,
  price,
  actions,
  children,
}: {
  testId: string;
  onSubmit: FormEventHandler;
  price: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' },
        gap: 3,
        alignItems: 'start',
      }}
      data-testid={testId}
    >
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {children}
      </Stack>
      <Box sx={{ gridColumn: { lg: 2 }, gridRow: { lg: '1 / span 2' }, height: { lg: '100%' } }}>{price}</Box>
      <Box sx={{ gridColumn: { lg: 1 } }}>{actions}</Box>
    </Box>
  );
}

/** The side price of a `PricedFormPage`: a title, the price, and what it assumes. */
export function PricePanel({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { lg: 'sticky' }, top: { lg: 16 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {note}
      </Typography>
    </Paper>
  );
}
