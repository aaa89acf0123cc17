import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { StatusTone } from '../../lib/resource-kit/status';

/** A status as a chip; a spinner says the cloud is still working on the row. */
export function StatusChip({
  label,
  tone,
  busy = false,
  'data-testid': testId,
}: {
  label: string;
  tone: StatusTone;
  busy?: boolean;
  'data-testid'?: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      label={label}
      icon={busy ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      data-testid={testId}
      data-busy={busy || undefined}
      sx={{ maxWidth: '100%', '& .MuiChip-icon': { ml: '6px' } }}
    />
  );
}
