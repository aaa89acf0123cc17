import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { type CellContext, type KitField, columnLabel } from '../../lib/resource-kit/definition';

/** A resource's detail fields as a label/value grid: two columns on wide screens, one on a phone. */
export function DetailFields<T>({
  fields,
  row,
  ctx,
  namespace,
}: {
  fields: readonly KitField<T>[];
  row: T;
  ctx: CellContext;
  namespace: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 4,
        rowGap: 2,
        m: 0,
      }}
    >
      {fields.map((field) => (
        <Box key={field.id} sx={{ minWidth: 0 }} data-testid={`field-${field.id}`}>
          <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {t(columnLabel(field))}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body2', wordBreak: 'break-word' }}>
            {field.value(row, ctx)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
