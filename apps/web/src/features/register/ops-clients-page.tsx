import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUSPEND_REASON_MAX, type OpsClient, type OpsClientQuery } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { ListView } from '../../components/resource-kit/list-view';
import { formatDateTime } from '../../lib/format/date-time';
import { type ListDefinition, STAFF_ONLY } from '../../lib/resource-kit/definition';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { toast } from '../../lib/toast/toast-store';
import { useListPage } from '../../lib/resource-kit/resource-queries';
import { opsToken } from '../ops';
import { opsClientsApi } from './ops-clients-api';
import { OpsReasonDialog } from './ops-reason-dialog';
import { PageTitle } from '../../components/page-title';
import { OpsPage } from '../../components/ops-page';

/** The customers' pages, asked again after a suspend or a resume. */
const CLIENTS_KEY = ['ops', 'clients'] as const;

/** What a row's buttons do: open the suspend dialog (with a reason) or the resume confirmation. */
interface ClientActions {
  onSuspend: (client: OpsClient) => void;
  onResume: (client: OpsClient) => void;
}

/**
 * Every customer as the kit's list: newest first, paged on the server, searched by client number
 * or company name (in the address); each with its service state and the button that changes it.
 */
const clientList = ({ onSuspend, onResume }: ClientActions): ListDefinition<OpsClient> => ({
  name: 'ops-clients',
  namespace: 'ops',
  base: '/ops/clients',
  id: (c) => c.id,
  title: (c) => c.companyName,
  authority: { manage: STAFF_ONLY },
  selectable: false,
  pageSize: 20,
  search: { label: 'clients.search' },
  rowAttributes: (c) => ({
    'data-testid': 'ops-client-row',
    'data-client-number': c.clientNumber,
    'data-suspended': String(c.suspendedAt !== null),
  }),
  columns: [
    {
      id: 'customer',
      label: 'clients.fields.customer',
      phone: true,
      cell: (c) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {c.companyName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {c.clientNumber}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'createdAt',
      label: 'clients.fields.createdAt',
      nowrap: true,
      cell: (c, { language }) => formatDateTime(c.createdAt, language),
    },
    {
      id: 'service',
      label: 'clients.fields.service',
      phone: true,
      cell: (c, { t, language }) =>
        c.suspendedAt === null ? (
          <Chip size="small" color="success" label={t('clients.inService')} />
        ) : (
          <Box sx={{ minWidth: 0 }}>
            <Chip size="small" color="error" label={t('clients.suspendedChip')} />
            <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
              {t('clients.suspendedSince', { at: formatDateTime(c.suspendedAt, language) })}
            </Typography>
            <Typography
              variant="caption"
              component="p"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="ops-client-reason"
            >
              {c.suspendedReason}
            </Typography>
          </Box>
        ),
    },
    {
      id: 'actions',
      label: 'clients.fields.actions',
      align: 'right',
      phone: true,
      cell: (c, { t }) =>
        c.suspendedAt === null ? (
          <Button
            size="small"
            color="error"
            onClick={() => onSuspend(c)}
            data-testid={`ops-client-suspend-${c.clientNumber}`}
          >
            {t('clients.suspend')}
          </Button>
        ) : (
          <Button
            size="small"
            onClick={() => onResume(c)}
            data-testid={`ops-client-resume-${c.clientNumber}`}
          >
            {t('clients.resume')}
          </Button>
        ),
    },
  ],
});

function Clients() {
  const { t } = useTranslation(['ops', 'common']);
  const [suspending, setSuspending] = useState<OpsClient | null>(null);
  const [resuming, setResuming] = useState<OpsClient | null>(null);
  const def = useMemo(() => clientList({ onSuspend: setSuspending, onResume: setResuming }), []);
  const controls = useListControls(def, { inUrl: true, replace: true });
  const clients = useListPage(CLIENTS_KEY, controls.query, (q) =>
    opsClientsApi.clients(q as Partial<OpsClientQuery>),
  );
  const client = useQueryClient();

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch {
      // Toasted by the API client.
    }
    await client.invalidateQueries({ queryKey: CLIENTS_KEY });
  };
  const suspend = (target: OpsClient, reason: string) => {
    setSuspending(null);
    void act(() => opsClientsApi.suspendClient(target.id, reason), 'ops:clients.suspended');
  };
  const resume = () => {
    const target = resuming;
    setResuming(null);
    if (target) void act(() => opsClientsApi.resumeClient(target.id), 'ops:clients.resumed');
  };

  return (
    <OpsPage maxWidth={1280} testId="ops-clients-page">
      <PageTitle>{t('clients.title')}</PageTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('clients.subtitle')}
      </Typography>
      <ListView
        def={def}
        controls={controls}
        page={clients.data}
        loading={clients.isFetching}
        emptyText={t('clients.empty')}
      />
      <OpsReasonDialog
        open={suspending !== null}
        title={t('clients.suspendTitle', { company: suspending?.companyName ?? '' })}
        text={t('clients.suspendText')}
        label={t('clients.reasonLabel')}
        confirmLabel={t('clients.suspend')}
        maxLength={SUSPEND_REASON_MAX}
        testId="ops-suspend"
        onCancel={() => setSuspending(null)}
        onConfirm={(reason) => suspending && suspend(suspending, reason)}
      />
      <ConfirmDialog
        open={resuming !== null}
        title={t('clients.resumeTitle')}
        body={t('clients.resumeBody', { company: resuming?.companyName ?? '' })}
        confirmLabel={t('clients.resume')}
        onConfirm={resume}
        onCancel={() => setResuming(null)}
      />
    </OpsPage>
  );
}

/**
 * /ops/clients: every customer (Clients), for signed-in staff. Staff suspend a customer's service
 * with a reason (its users cannot sign in, their sessions end) and lift it.
 */
export default function OpsClientsPage() {
  if (!opsToken.get()) return <Navigate to="/ops/login" replace />;
  return <Clients />;
}
