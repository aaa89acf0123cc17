import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import { type Control, Controller, type UseFormSetError, type UseFormTrigger } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../components/form/use-field-message';
import type { BalancerFormValues } from './balancer-form-values';

type PemField = 'lbCertificate' | 'lbPrivateKey';

/**
 * A PEM file picked from disk and read here, in the browser, as text: the form sends the text.
 * A file over the size limit is refused before it is read; the shared schema checks the rest as
 * soon as it is in (the server then parses it).
 */
export function PemFileField({
  control,
  name,
  label,
  hint,
  maxChars,
  accept,
  setError,
  trigger,
}: {
  control: Control<BalancerFormValues>;
  name: PemField;
  label: string;
  hint: string;
  maxChars: number;
  accept: string;
  setError: UseFormSetError<BalancerFormValues>;
  trigger: UseFormTrigger<BalancerFormValues>;
}) {
  const { t } = useTranslation('balancer');
  const message = useFieldMessage();
  const [fileName, setFileName] = useState<string | null>(null);
  const tooLarge = name === 'lbCertificate' ? 'validation.lbCertificatePem' : 'validation.lbKeyPem';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5, fontWeight: 500 }}>
            {label}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" size="small" startIcon={<UploadFile />}>
              {t('form.chooseFile')}
              <input
                hidden
                type="file"
                accept={accept}
                data-testid={`field-${name}-file`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  setFileName(file.name);
                  if (file.size > maxChars) {
                    field.onChange('');
                    setError(name, { type: 'file', message: tooLarge });
                    return;
                  }
                  void file.text().then((text) => {
                    field.onChange(text);
                    void trigger(['lbCertificate', 'lbPrivateKey']);
                  });
                }}
              />
            </Button>
            <Typography
              variant="body2"
              color={fileName ? 'text.primary' : 'text.secondary'}
              sx={{ wordBreak: 'break-all' }}
              data-testid={`${name}-file-name`}
            >
              {fileName ?? t('form.noFile')}
            </Typography>
          </Box>
          <FormHelperText error={Boolean(fieldState.error)} data-testid={`${name}-message`}>
            {message(fieldState.error) ?? hint}
          </FormHelperText>
        </Box>
      )}
    />
  );
}
