import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

/** Attributes of the `<input>` element itself, with the test id the forms give every field. */
export type HtmlInputProps = InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string };

export type OutlinedFieldProps = {
  name: string;
  value: unknown;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  endAdornment?: ReactNode;
  htmlInput?: HtmlInputProps;
  /** A text of several lines (a description, a message), growing from `minRows`. */
  multiline?: boolean;
  minRows?: number;
};

/**
 * An outlined text field: what MUI's TextField draws for `variant="outlined"`, composed from its
 * parts. TextField also carries the select, filled and standard variants (Select pulls in Menu,
 * Popover, Modal and the focus trap), some 15 KB gzip that every page with a form downloaded for
 * nothing. Selects use `FormSelectField`, which keeps TextField.
 */
export function OutlinedField({
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  helperText,
  error,
  required,
  disabled,
  type,
  autoComplete,
  autoFocus,
  placeholder,
  fullWidth = true,
  size = 'small',
  sx,
  endAdornment,
  htmlInput,
  multiline,
  minRows,
}: OutlinedFieldProps) {
  const id = `${useId()}-${name}`;
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl
      fullWidth={fullWidth}
      size={size}
      error={error}
      required={required}
      disabled={disabled}
      variant="outlined"
      sx={sx}
    >
      {label !== undefined && <InputLabel htmlFor={id}>{label}</InputLabel>}
      <OutlinedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        endAdornment={endAdornment}
        multiline={multiline}
        minRows={minRows}
        inputProps={htmlInput}
        aria-describedby={helperId}
      />
      {helperText !== undefined && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
