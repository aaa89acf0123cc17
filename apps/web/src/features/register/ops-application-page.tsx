import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  REGISTRATION_SECTIONS,
  RegisterState,
  type OpsApplication,
  type RegistrationDoc,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { OpsReasonDialog } from './ops-reason-dialog';
import { showToast } from '../../lib/toast/toast-store';
import { previewKind } from './document-preview';
import { opsToken } from '../ops';
import { opsApplicationsApi } from './ops-applications-api';
import { OpsPage } from '../../components/ops-page';

const ENUM_FIELDS: Record<string, string> = {
  identity_type: 'identityType',
  cman_dmfg: 'directMail',
  tech_dmfg: 'directMail',
  bill_dmfg: 'directMail',
  currency_type: 'currencyType',
  industry_type: 'industryType',
  area: 'area',
  is_foreign: 'isForeign',
};

/** /ops/applications/{id}: every field and document of an application; approve or deny. */
export default function OpsApplicationPage() {
  const { t } = useTranslation(['ops', 'register', 'enums']);
  const { id = '' } = useParams();
  const [app, setApp] = useState<OpsApplication | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [denying, setDenying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const signedIn = Boolean(opsToken.get());

  useEffect(() => {
    if (signedIn) opsApplicationsApi.get(id).then(setApp, () => undefined);
  }, [id, signedIn]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);
  if (!signedIn) return <Navigate to="/ops/login" replace />;
  if (!app) return null;

  const value = (field: string) => {
    const v = app.info[field as keyof typeof app.info];
    if (v === undefined || v === '') return '—';
    const list = ENUM_FIELDS[field];
    if (list) return `${field === 'industry_type' ? `${v} ` : ''}${t(`enums:${list}.${v}`)}`;
    if (field === 'language') return t(`common:language.${v}`);
    return String(v);
  };

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setApp(await opsApplicationsApi.get(id));
    } catch {
      // Toasted.
    } finally {
      setBusy(false);
    }
  };
  const approve = () =>
    act(async () => {
      const { clientNumber } = await opsApplicationsApi.approve(id);
      showToast('success', 'ops.detail.approved', { clientNumber });
    });
  const deny = (reason: string) =>
    act(async () => {
      await opsApplicationsApi.deny(id, reason);
      showToast('success', 'ops.detail.denied');
    });
  const resend = () =>
    act(async () => {
      const { email } = await opsApplicationsApi.setPasswordLink(id);
      showToast('success', 'ops.detail.linkSent', { email });
    });
  /** Images in a dialog (a blob: URL of the file fetched with the session), PDFs in a new tab. */
  const open = async (doc: RegistrationDoc) => {
    const meta = app.docs[doc];
    if (!meta) return;
    try {
      if (previewKind(meta.contentType) === 'pdf') {
        const { url } = await opsApplicationsApi.viewLink(id, doc);
        window.open(url, '_blank', 'noopener,noreferrer');
      } else {
        setPreview({ url: await opsApplicationsApi.docUrl(id, doc), name: meta.name });
      }
    } catch {
      showToast('error', 'apiError.NOT_FOUND');
    }
  };
  const download = async (doc: RegistrationDoc) => {
    const meta = app.docs[doc];
    if (!meta) return;
    try {
      const url = await opsApplicationsApi.docUrl(id, doc);
      const a = document.createElement('a');
      a.href = url;
      a.download = meta.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      showToast('error', 'apiError.NOT_FOUND');
    }
  };

  const reviewable = app.state === RegisterState.REGISTER_UNDER_REVIEW;
  return (
    <OpsPage testId="ops-application-page">
      <Button component={RouterLink} to="/ops/applications" size="small" sx={{ mb: 1 }}>
        {t('detail.back')}
      </Button>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, wordBreak: 'break-all', fontSize: { xs: '1.5rem', sm: '2.125rem' } }}
        >
          {app.companyName ?? app.email}
        </Typography>
        <Chip
          label={t(`enums:registerState.${app.state}`)}
          data-testid="ops-application-state"
          data-state={app.state}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-all' }}>
        {app.email}
        {app.clientNumber ? ` · ${t('detail.clientNumber', { clientNumber: app.clientNumber })}` : ''}
      </Typography>
      {app.reason && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('detail.reason', { reason: app.reason })}
        </Alert>
      )}
      <Stack spacing={3}>
        {(Object.keys(REGISTRATION_SECTIONS) as (keyof typeof REGISTRATION_SECTIONS)[]).map((section) => (
          <Paper key={section} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              {t(`register:sections.${section}`)}
            </Typography>
            <Grid container spacing={2}>
              {REGISTRATION_SECTIONS[section].map((field) => (
                <Grid key={field} size={{ xs: 6, md: 4 }}>
                  <Typography variant="caption" color="text.secondary">
                    {t(`register:fields.${field}`)}
                  </Typography>
                  <Typography sx={{ wordBreak: 'break-word' }} data-testid={`ops-field-${field}`}>
                    {value(field)}
                  </Typography>
                </Grid>
              ))}
            </Grid>
          </Paper>
        ))}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {t('register:sections.docs')}
          </Typography>
          <Stack spacing={1.5}>
            {(Object.keys(app.docs) as RegistrationDoc[]).map((doc) => {
              const meta = app.docs[doc];
              const kind = meta ? previewKind(meta.contentType) : null;
              return (
                <Stack
                  key={doc}
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ gap: 1, alignItems: { sm: 'center' } }}
                  data-testid={`ops-doc-row-${doc}`}
                >
                  <Typography sx={{ flexGrow: 1, wordBreak: 'break-all' }}>
                    {t(`register:docs.${doc}`)}: {meta?.name}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 1 }}>
                    {kind && (
                      <Button
                        variant="outlined"
                        size="small"
                        onClick={() => void open(doc)}
                        data-testid={`ops-doc-${doc}`}
                        data-kind={kind}
                      >
                        {t(kind === 'pdf' ? 'detail.openPdf' : 'detail.preview')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      onClick={() => void download(doc)}
                      data-testid={`ops-doc-${doc}-download`}
                    >
                      {t('detail.download')}
                    </Button>
                  </Stack>
                </Stack>
              );
            })}
            {Object.keys(app.docs).length === 0 && (
              <Typography color="text.secondary">{t('detail.noDocs')}</Typography>
            )}
          </Stack>
        </Paper>
        {app.state === RegisterState.REGISTER_COMPLETE && app.passwordSet !== null && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="ops-root-password">
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {t('detail.rootPassword')}
            </Typography>
            {app.passwordSet ? (
              <Typography color="text.secondary" data-testid="ops-password-set">
                {t('detail.passwordSet')}
              </Typography>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
                <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
                  {t('detail.passwordNotSet')}
                </Typography>
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => setResending(true)}
                  data-testid="ops-resend-link"
                >
                  {t('detail.resendLink')}
                </Button>
              </Stack>
            )}
          </Paper>
        )}
      </Stack>
      {reviewable && (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button
            color="error"
            variant="outlined"
            size="large"
            disabled={busy}
            onClick={() => setDenying(true)}
            data-testid="ops-deny"
          >
            {t('detail.deny')}
          </Button>
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="ops-approve"
          >
            {t('detail.approve')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('detail.approveTitle')}
        body={t('detail.approveBody', { email: app.email })}
        confirmLabel={t('detail.approve')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void approve();
        }}
      />
      <ConfirmDialog
        open={resending}
        title={t('detail.resendTitle')}
        body={t('detail.resendBody', { email: app.email })}
        confirmLabel={t('detail.resendLink')}
        onCancel={() => setResending(false)}
        onConfirm={() => {
          setResending(false);
          void resend();
        }}
      />
      <OpsReasonDialog
        open={denying}
        title={t('detail.denyTitle')}
        label={t('detail.reasonLabel')}
        confirmLabel={t('detail.deny')}
        maxLength={500}
        testId="ops-deny"
        onCancel={() => setDenying(false)}
        onConfirm={(reason) => {
          setDenying(false);
          void deny(reason);
        }}
      />
      <Dialog open={preview !== null} onClose={() => setPreview(null)} fullWidth maxWidth="lg">
        <DialogTitle sx={{ wordBreak: 'break-all' }}>{preview?.name}</DialogTitle>
        <DialogContent>
          {preview && (
            <Box
              component="img"
              alt={preview.name}
              src={preview.url}
              sx={{ maxWidth: '100%' }}
              data-testid="ops-doc-preview"
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>{t('detail.close')}</Button>
        </DialogActions>
      </Dialog>
    </OpsPage>
  );
}
