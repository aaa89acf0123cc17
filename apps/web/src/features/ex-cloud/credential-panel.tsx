import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import {
  type PublicCloudCredential,
  type PublicCloudType,
  PublicCloudType as Types,
  PublicCloudVmPower,
} from '@portal/shared';
import { PasswordConfirmDialog } from '../../components/dialogs/password-confirm-dialog';
import { DownloadButton } from '../../components/download-button';
import { PageSpinner } from '../../components/page-spinner';
import { formatDateTime } from '../../lib/format/date-time';
import { Authorized } from '../../lib/permissions/authorized';
import { exportAllRows } from '../../lib/resource-kit/csv';
import { getPage } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { CREDENTIALS, useDeleteCredential, usePublicCloudVms } from './credential-api';
import { CredentialDialog } from './credential-dialog';
import { credentialCsvColumns } from './credential-csv';

const MANAGE = 'network/exCloud/manage';

/** A label and its value, on one line on wide screens. */
function Fact({
  label,
  value,
  mono = false,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontFamily: mono ? 'monospace' : undefined, wordBreak: 'break-all' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The VMs the provider lists for the credential, through the provider interface. */
function PublicCloudVms({ type }: { type: PublicCloudType }) {
  const { t } = useTranslation(['exCloud', 'enums']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const vms = usePublicCloudVms(type, true);
  return (
    <Box data-testid={`public-cloud-vms-${type}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('vms.title', { provider: t(`enums:publicCloudType.${type}`) })}
        </Typography>
        <Button
          size="small"
          startIcon={<Refresh />}
          onClick={() => void vms.refetch()}
          disabled={vms.isFetching}
        >
          {t('vms.refresh')}
        </Button>
      </Stack>
      {vms.isPending ? (
        <PageSpinner minHeight={80} />
      ) : vms.isError ? (
        <Alert severity="warning">{t('vms.failed')}</Alert>
      ) : vms.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('vms.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('vms.title', { provider: t(`enums:publicCloudType.${type}`) })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('vms.name')}</TableCell>
                <TableCell>{t('vms.state')}</TableCell>
                {!phone && <TableCell>{t(`vms.region.${type}`)}</TableCell>}
                {!phone && <TableCell>{t('vms.type')}</TableCell>}
                {!phone && <TableCell>{t('vms.privateIp')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {vms.data.map((vm) => (
                <TableRow key={vm.id} data-testid="public-cloud-vm">
                  <TableCell sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {vm.name}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{
                        fontFamily: 'monospace',
                        wordBreak: 'break-all',
                        display: 'block',
                        maxWidth: 520,
                      }}
                    >
                      {phone ? `${vm.region} · ${vm.type}` : vm.id}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Tooltip title={vm.state}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t(`enums:publicCloudVmPower.${vm.power}`)}
                        color={vm.power === PublicCloudVmPower.RUNNING ? 'success' : 'default'}
                        data-testid={`public-vm-power-${vm.id}`}
                      />
                    </Tooltip>
                  </TableCell>
                  {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{vm.region}</TableCell>}
                  {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{vm.type}</TableCell>}
                  {!phone && <TableCell sx={{ whiteSpace: 'nowrap' }}>{vm.privateIp ?? '—'}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/**
 * A provider's credential on its tab: what names it (the secret is never shown; it was sealed when
 * added), as CSV too, delete with the password, or add one; and the provider's VMs seen with it.
 */
export function CredentialPanel({
  type,
  credential,
}: {
  type: PublicCloudType;
  credential: PublicCloudCredential | undefined;
}) {
  const { t, i18n } = useTranslation(['exCloud', 'resource', 'enums']);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCredential();
  const provider = t(`enums:publicCloudType.${type}`);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`credential-panel-${type}`}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {t('credentials.title', { provider })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`credentials.subtitle.${type}`)}
          </Typography>
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {credential && (
            <DownloadButton
              download={() =>
                exportAllRows(`credentials-${type}`, credentialCsvColumns(t, type), (page, limit) =>
                  getPage<PublicCloudCredential>(CREDENTIALS, { type, page, limit }),
                )
              }
              testId={`credential-export-${type}`}
            >
              {t('resource:list.export')}
            </DownloadButton>
          )}
          <Authorized authority={MANAGE}>
            {credential ? (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutline />}
                onClick={() => setDeleting(true)}
                data-testid={`credential-delete-${type}`}
              >
                {t('credentials.delete')}
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={() => setAdding(true)}
                data-testid={`credential-add-${type}`}
              >
                {t('credentials.add')}
              </Button>
            )}
          </Authorized>
        </Stack>
      </Stack>
      {credential ? (
        <Stack spacing={3}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(4, minmax(0, 1fr))',
              },
              gap: 2,
            }}
          >
            <Fact
              label={t(`credentials.keyId.${type}`)}
              value={credential.keyId}
              testId={`credential-key-${type}`}
              mono
            />
            {type === Types.AZURE && credential.directoryId && (
              <Fact label={t('credentials.fields.directoryId')} value={credential.directoryId} mono />
            )}
            {credential.subscriptionId && (
              <Fact
                label={t(type === Types.GCP ? 'credentials.projectId' : 'credentials.fields.subscriptionId')}
                value={credential.subscriptionId}
                mono
              />
            )}
            <Fact label={t('credentials.secret')} value={t('credentials.sealed')} />
            <Fact
              label={t('credentials.added')}
              value={formatDateTime(credential.createDate, i18n.language)}
            />
          </Box>
          <PublicCloudVms type={type} />
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid={`credential-none-${type}`}>
          {t('credentials.none', { provider })}
        </Typography>
      )}
      {adding && <CredentialDialog type={type} onClose={() => setAdding(false)} />}
      {credential && (
        <PasswordConfirmDialog
          open={deleting}
          title={t('credentials.deleteTitle', { provider })}
          body={t('credentials.deleteBody', { provider, id: credential.keyId })}
          confirmLabel={t('credentials.delete')}
          onCancel={() => setDeleting(false)}
          onConfirm={(currentPassword) => {
            setDeleting(false);
            remove.mutate(
              { uuid: credential.uuid, body: { currentPassword } },
              { onSuccess: () => toast.success('exCloud.toasts.credentialDeleted', { provider }) },
            );
          }}
        />
      )}
    </Paper>
  );
}
