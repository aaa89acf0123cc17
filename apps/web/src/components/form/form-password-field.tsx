import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { isPassword } from '@portal/shared';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** A password field with a show/hide switch; browsers get the autocomplete hint they need. */
export function FormPasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            size="small"
            aria-label={t(visible ? 'password.hide' : 'password.show')}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * A new password: the shared password rule and the browser's new-password hint; `confirm`, the same
 * typed again (no rule of its own: the form's schema compares the two).
 */
export function FormNewPasswordField<T extends FieldValues>({
  confirm = false,
  ...props
}: FormTextFieldProps<T> & { confirm?: boolean }) {
  return <FormPasswordField rule={confirm ? undefined : isPassword} autoComplete="new-password" {...props} />;
}
