import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a page chunk or its translations load. */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight }}
      data-testid="page-spinner"
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
