import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlarmFiringKind, AlarmKind, type Alarm, type AlarmFiring } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { StatusChip } from '../../components/resource-kit/status-chip';
import type { StatusTone } from '../../lib/resource-kit/status';
import { FormSection } from '../../components/resource-kit/resource-form';
import { api } from '../../lib/api/api-client';
import type { Paged } from '../../lib/api/resource';
import { formatDateTime } from '../../lib/format/date-time';
import { alarmBase } from './alarm-base';
import { formatAmount, formatMetricValue } from './alarm-text';

const PAGE_SIZE = 10;
const nowrap = { whiteSpace: 'nowrap' } as const;

const TONES: Record<AlarmFiringKind, StatusTone> = {
  [AlarmFiringKind.BREACH]: 'error',
  [AlarmFiringKind.MANUAL]: 'warning',
  [AlarmFiringKind.RECOVERED]: 'success',
  [AlarmFiringKind.INSUFFICIENT]: 'default',
};

/** The value behind an entry in the alarm's unit, or the month's spend; a dash when there is none. */
function valueText(alarm: Alarm, firing: AlarmFiring, language: string): string {
  if (firing.value === null) return '—';
  if (alarm.kind === AlarmKind.BUDGET) return `NT$${formatAmount(firing.value, language)}`;
  return alarm.item ? formatMetricValue(firing.value, alarm.item, language) : firing.value;
}

/**
 * An alarm's history, newest first, a page at a time: when it alarmed (and whether that mailed),
 * was triggered by hand, recovered, or lost its data. It is asked again with the alarm's other
 * queries after a change (the trigger among them).
 */
export function AlarmHistory({ alarm }: { alarm: Alarm }) {
  const { t, i18n } = useTranslation(['alarm', 'enums']);
  const [page, setPage] = useState(0);
  const history = useQuery({
    queryKey: [alarmBase.base, 'detail', alarm.uuid, 'history', page],
    queryFn: () =>
      api.get<Paged<AlarmFiring>>(`/alarms/${encodeURIComponent(alarm.uuid)}/history`, {
        query: { page, limit: PAGE_SIZE, t: Date.now() },
        track: false,
      }),
    placeholderData: keepPreviousData,
  });
  let content;
  if (history.isPending) content = <PageSpinner />;
  else if (history.isError) content = <Alert severity="warning">{t('history.failed')}</Alert>;
  else if (history.data.total === 0)
    content = (
      <Typography variant="body2" color="text.secondary" data-testid="alarm-history-empty">
        {t('history.empty')}
      </Typography>
    );
  else
    content = (
      <>
        <Table size="small" data-testid="alarm-history">
          <TableHead>
            <TableRow>
              <TableCell sx={nowrap}>{t('history.at')}</TableCell>
              <TableCell sx={nowrap}>{t('history.kind')}</TableCell>
              <TableCell sx={nowrap} align="right">
                {t('history.value')}
              </TableCell>
              <TableCell sx={nowrap} align="right">
                {t('history.mailed')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.records.map((f) => (
              <TableRow key={f.id} data-testid="alarm-history-row">
                <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
                  {formatDateTime(f.at, i18n.language)}
                </TableCell>
                <TableCell>
                  <StatusChip label={t(`enums:alarmFiringKind.${f.kind}`)} tone={TONES[f.kind]} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {valueText(alarm, f, i18n.language)}
                </TableCell>
                <TableCell align="right">{f.mailed}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {history.data.total > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={history.data.total}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
          />
        )}
      </>
    );
  return (
    <FormSection title={t('history.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('history.subtitle')}
      </Typography>
      {content}
    </FormSection>
  );
}
