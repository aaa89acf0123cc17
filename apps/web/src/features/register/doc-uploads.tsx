import { useRef } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  IdentityType,
  REGISTRATION_DOC_MAX_BYTES,
  REGISTRATION_DOC_TYPES,
  REGISTRATION_DOCS,
  type RegistrationDoc,
  type RegistrationFormState,
} from '@portal/shared';
import { showToast } from '../../lib/toast/toast-store';

type Docs = RegistrationFormState['docs'];

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Certificate Upload: doc1-doc4, and companyDoc3-4 for a company. The server checks the content. */
export function DocUploads({
  identityType,
  docs,
  disabled,
  onUpload,
  onRemove,
}: {
  identityType: string;
  docs: Docs;
  disabled: boolean;
  onUpload: (doc: RegistrationDoc, file: File) => void;
  onRemove: (doc: RegistrationDoc) => void;
}) {
  const { t } = useTranslation('register');
  const inputs = useRef<Partial<Record<RegistrationDoc, HTMLInputElement | null>>>({});
  const shown = REGISTRATION_DOCS.filter(
    (d) => identityType === IdentityType.COMPANY || !d.startsWith('company'),
  );
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('docs.hint', { max: REGISTRATION_DOC_MAX_BYTES / 1024 / 1024 })}
      </Typography>
      <Grid container spacing={2}>
        {shown.map((doc) => {
          const uploaded = docs[doc];
          return (
            <Grid key={doc} size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`doc-${doc}`}>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{t(`docs.${doc}`)}</Typography>
                {uploaded ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <CheckCircle color="success" fontSize="small" />
                    <Typography
                      sx={{
                        flex: 1,
                        minWidth: 0,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                      data-testid={`doc-${doc}-name`}
                    >
                      {uploaded.name} · {size(uploaded.size)}
                    </Typography>
                    <IconButton
                      aria-label={t('docs.remove')}
                      disabled={disabled}
                      onClick={() => onRemove(doc)}
                      size="small"
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </Stack>
                ) : (
                  <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
                    {t('docs.none')}
                  </Typography>
                )}
                <input
                  ref={(el) => {
                    inputs.current[doc] = el;
                  }}
                  type="file"
                  hidden
                  accept={REGISTRATION_DOC_TYPES.join(',')}
                  data-testid={`doc-${doc}-input`}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (!file) return;
                    if (file.size > REGISTRATION_DOC_MAX_BYTES) {
                      showToast('error', 'apiError.PAYLOAD_TOO_LARGE');
                      return;
                    }
                    onUpload(doc, file);
                  }}
                />
                <Button
                  size="small"
                  startIcon={<UploadFile />}
                  disabled={disabled}
                  onClick={() => inputs.current[doc]?.click()}
                  sx={{ mt: 1 }}
                >
                  {t(uploaded ? 'docs.replace' : 'docs.choose')}
                </Button>
              </Paper>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
