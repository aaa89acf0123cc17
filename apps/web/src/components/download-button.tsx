import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';

/**
 * A file export's button (the CSV of a list): busy while the file is fetched, and quiet when it
 * fails, because the download has already shown the error as a toast.
 */
export function DownloadButton({
  download,
  children,
  testId,
  disabled = false,
  size,
  color,
}: {
  download: () => Promise<void>;
  children: ReactNode;
  testId: string;
  /** When the list's filters cannot be asked for (a range out of order). */
  disabled?: boolean;
  /** Small among a toolbar's small buttons. */
  size?: 'small' | 'medium';
  color?: 'primary' | 'secondary';
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch {
      // Shown by the download.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size={size}
      color={color}
      startIcon={busy ? <CircularProgress size={16} /> : <Download />}
      onClick={() => void run()}
      disabled={busy || disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
