import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KitColumn, SelectFilter } from '../../lib/resource-kit/definition';
import type { StatusDeclaration } from '../../lib/resource-kit/status';
import { StatusChip } from './status-chip';

/** A row's declared status as a chip (`<name>-status-<id>`), with the cloud's reason when it has one. */
export function ResourceStatus<T>({ of, row, t }: { of: StatusDeclaration<T>; row: T; t: TFunction }) {
  const busy = of.busy(row);
  const chip = (
    <StatusChip
      label={of.text(row, t)}
      tone={of.tone(row)}
      busy={busy}
      data-testid={`${of.name}-status-${of.id(row)}`}
    />
  );
  if (!of.reason) return chip;
  const reason = of.reason.text(row, t);
  if (of.reason.show === 'tooltip')
    return reason && !busy ? (
      <Tooltip title={reason}>
        <span>{chip}</span>
      </Tooltip>
    ) : (
      <span>{chip}</span>
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      {chip}
      {reason && (
        <Typography
          variant="caption"
          color={of.failed(row) ? 'error' : of.reason.color}
          sx={{ display: 'block', mt: 0.5, wordBreak: 'break-word' }}
          data-testid={`${of.name}-reason-${of.id(row)}`}
        >
          {reason}
        </Typography>
      )}
    </Box>
  );
}

/** The list's status column (kept on a phone), its CSV text the chip's words. */
export const statusColumn = <T,>(of: StatusDeclaration<T>, column?: Partial<KitColumn<T>>): KitColumn<T> => ({
  id: 'status',
  phone: true,
  cell: (row, { t }) => <ResourceStatus of={of} row={row} t={t} />,
  text: (row, { t }) => of.text(row, t),
  ...column,
});

/** The list's status filter: every value of the status list. */
export const statusFilter = (of: Pick<StatusDeclaration<never>, 'options'>): SelectFilter => ({
  id: 'status',
  options: of.options,
});
