import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import AttachFile from '@mui/icons-material/AttachFile';
import Cancel from '@mui/icons-material/Cancel';

export interface AttachedFile {
  id: string;
  name: string;
  size: number;
}

/**
 * Files for a message, each uploaded as soon as it is chosen (the server checks its content and
 * answers an id the message then names). A refused file is reported by the upload's own toast and
 * left out. At most `max`.
 */
export function FileAttachField<F extends AttachedFile>({
  value,
  onChange,
  upload,
  max,
  disabled,
  labels,
  testId,
}: {
  value: F[];
  onChange: (files: F[]) => void;
  upload: (file: File) => Promise<F>;
  max: number;
  disabled?: boolean;
  labels: { add: string; hint: string; uploading: string; remove: (name: string) => string };
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const current = useRef(value);
  current.current = value;

  const choose = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, Math.max(0, max - value.length));
    if (input.current) input.current.value = '';
    for (const file of chosen) {
      setBusy((n) => n + 1);
      try {
        const uploaded = await upload(file);
        current.current = [...current.current, uploaded];
        onChange(current.current);
      } catch {
        // The upload's toast says why (type, size, too many waiting).
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          color="secondary"
          startIcon={busy > 0 ? <CircularProgress size={14} /> : <AttachFile />}
          disabled={disabled || busy > 0 || value.length >= max}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-add`}
        >
          {busy > 0 ? labels.uploading : labels.add}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
          onChange={(event) => void choose(event.target.files)}
          data-testid={`${testId}-input`}
        />
        {value.map((f) => (
          <Chip
            key={f.id}
            size="small"
            label={f.name}
            onDelete={disabled ? undefined : () => onChange(value.filter((x) => x.id !== f.id))}
            deleteIcon={<Cancel aria-label={labels.remove(f.name)} />}
            sx={{ maxWidth: '100%' }}
            data-testid={`${testId}-file`}
          />
        ))}
      </Box>
      <FormHelperText>{labels.hint}</FormHelperText>
    </Box>
  );
}
