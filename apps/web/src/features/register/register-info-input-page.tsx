import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  IdentityType,
  REGISTRATION_DEFAULTS,
  REGISTRATION_SECTIONS,
  type RegistrationDoc,
  type RegistrationField,
  type RegistrationFormState,
  type RegistrationInfo,
  registrationInfoSchema,
  requiredDocs,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormTextField } from '../../components/form/form-text-field';
import { FlowCard } from '../../components/flow-card';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api/api-error';
import { showToast } from '../../lib/toast/toast-store';
import { fieldProps } from '../../components/form/field-props';
import { DocUploads } from './doc-uploads';
import { registerApi } from './register-api';
import { LAYOUT, REQUIRED, SECTION_ORDER, SELECTS, sizeOf } from './registration-fields';
import { PageTitle } from '../../components/page-title';

type Values = Record<RegistrationField, string>;
const ALL_FIELDS = Object.values(REGISTRATION_SECTIONS).flat() as RegistrationField[];

function initialValues(draft: RegistrationFormState['draft']): Values {
  const values = Object.fromEntries(ALL_FIELDS.map((f) => [f, ''])) as Values;
  for (const [k, v] of Object.entries(REGISTRATION_DEFAULTS)) values[k as RegistrationField] = String(v);
  for (const [k, v] of Object.entries(draft)) if (v !== undefined) values[k as RegistrationField] = String(v);
  return values;
}

/** /registerInfoInput/{guid}: the registration information in six sections, save and submit. */
export default function RegisterInfoInputPage() {
  const { t } = useTranslation(['register', 'apiError', 'enums', 'common']);
  const { guid = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<RegistrationFormState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    registerApi
      .form(guid)
      .then(setState, (e: unknown) => setError(isApiError(e) && e.msg ? e.msg : 'unexpectedServerError'));
  }, [guid]);

  if (error)
    return (
      <FlowCard title={t('info.title')} testId="register-info-page">
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="register-info-error">
          {t(`apiError:${error}`)}
        </Alert>
        <Button component={RouterLink} to="/register" variant="contained">
          {t('info.registerAgain')}
        </Button>
      </FlowCard>
    );
  if (!state) return <PageSpinner />;
  if (state.submitted)
    return (
      <FlowCard title={t('info.title')} lead={state.email} testId="register-info-page">
        <Alert severity="info" data-testid="register-info-applied">
          {t('apiError:REGISTER_APPLIED')}
        </Alert>
      </FlowCard>
    );
  return (
    <InfoForm guid={guid} state={state} onState={setState} onDone={() => navigate('/registerInfoDone')} />
  );
}

function InfoForm({
  guid,
  state,
  onState,
  onDone,
}: {
  guid: string;
  state: RegistrationFormState;
  onState: (s: RegistrationFormState) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['register', 'enums', 'common']);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<RegistrationInfo | null>(null);
  const { control, handleSubmit, getValues, setError } = useForm<Values>({
    // The form holds text; the schema reads numbers and codes out of it (as the server does).
    resolver: zodResolver(registrationInfoSchema) as unknown as Resolver<Values>,
    defaultValues: initialValues(state.draft),
    mode: 'onTouched',
  });
  const identityType = useWatch({ control, name: 'identity_type' });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      applyServerErrors(e, setError, ALL_FIELDS);
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      const draft = Object.fromEntries(Object.entries(getValues()).filter(([, v]) => v !== ''));
      onState(await registerApi.save(guid, draft));
      showToast('success', 'register.info.saved');
    });

  const send = (info: RegistrationInfo) =>
    run(async () => {
      await registerApi.submit(guid, info);
      onDone();
    });

  const submit = handleSubmit((values) => {
    const info = values as unknown as RegistrationInfo;
    const missing = requiredDocs(info.identity_type).filter((d) => !state.docs[d]);
    if (missing.length > 0) setPending(info);
    else void send(info);
  });

  const upload = (doc: RegistrationDoc, file: File) =>
    run(async () => {
      const uploaded = await registerApi.upload(guid, doc, file);
      onState({ ...state, docs: { ...state.docs, [doc]: uploaded } });
    });
  const remove = (doc: RegistrationDoc) =>
    run(async () => {
      await registerApi.removeDoc(guid, doc);
      const docs = { ...state.docs };
      delete docs[doc];
      onState({ ...state, docs });
    });

  const field = fieldProps(control, t);
  /** A field of the form in its grid cell: a select where the field has choices, else text. */
  const cell = (name: RegistrationField) => {
    const select = SELECTS[name];
    const companyHint =
      name === 'company_name' && identityType === IdentityType.COMPANY ? t('hints.companyName') : undefined;
    return (
      <Grid key={name} size={sizeOf(name)}>
        {select ? (
          <FormSelectField {...field(name)} required={REQUIRED.has(name)}>
            {select.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {name === 'industry_type' ? `${o.value} ${t(o.labelKey)}` : t(o.labelKey)}
              </MenuItem>
            ))}
          </FormSelectField>
        ) : (
          <FormTextField {...field(name)} required={REQUIRED.has(name)} helperText={companyHint} />
        )}
      </Grid>
    );
  };

  return (
    <Box
      sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 }, py: { xs: 3, md: 6 } }}
      data-testid="register-info-page"
    >
      <PageTitle sx={{ mb: 1 }}>{t('info.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('info.lead', { email: state.email })}
      </Typography>
      <Stack component="form" noValidate spacing={3} onSubmit={(e) => void submit(e)}>
        {SECTION_ORDER.map((section) => (
          <Paper
            key={section}
            variant="outlined"
            sx={{ p: { xs: 2, sm: 3 } }}
            data-testid={`section-${section}`}
          >
            <Typography
              variant="h6"
              component="h2"
              sx={{ fontWeight: 700, mb: section === 'basic' ? 0.5 : 2 }}
            >
              {t(`sections.${section}`)}
            </Typography>
            {section === 'basic' && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('info.mainMail', { email: state.email })} · {t('info.required')}
              </Typography>
            )}
            {section === 'docs' ? (
              <DocUploads
                identityType={identityType}
                docs={state.docs}
                disabled={busy}
                onUpload={(d, f) => void upload(d, f)}
                onRemove={(d) => void remove(d)}
              />
            ) : (
              <Stack spacing={0.5}>
                {LAYOUT[section].map((row) => (
                  <Grid key={row[0]} container columnSpacing={2}>
                    {row.map(cell)}
                  </Grid>
                ))}
              </Stack>
            )}
          </Paper>
        ))}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            size="large"
            disabled={busy}
            onClick={() => void save()}
            data-testid="register-info-save"
          >
            {t('info.save')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="register-info-submit"
          >
            {t('info.submit')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={t('info.incompleteTitle')}
        body={t('info.incompleteBody')}
        confirmLabel={t('info.submitAnyway')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const info = pending;
          setPending(null);
          if (info) void send(info);
        }}
      />
    </Box>
  );
}
