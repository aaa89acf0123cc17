import Alert from '@mui/material/Alert';

/** A short note in place of a form the user may not use. */
export function StatusNote({ text, severity = 'info' }: { text: string; severity?: 'info' | 'warning' }) {
  return (
    <Alert severity={severity} data-testid="iam-note">
      {text}
    </Alert>
  );
}
