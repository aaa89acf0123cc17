import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ProductFunction } from '@portal/shared';

export function ProductFunctions({ functions }: { functions: ProductFunction[] }) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
      data-testid="product-functions"
    >
      {functions.map((f) => (
        <Paper
          component="li"
          key={f.title}
          variant="outlined"
          sx={{ p: 2.5, borderTop: 3, borderTopColor: 'primary.main' }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {f.title}
          </Typography>
          <Typography color="text.secondary">{f.body}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
