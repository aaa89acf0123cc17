import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';

export interface ThreadFile {
  id: string;
  name: string;
  size: number;
}

/** One entry of a conversation, as the page that shows it words it. */
export interface ThreadMessage {
  id: string;
  /** Written by the reader's side: drawn on the right, tinted. */
  mine: boolean;
  author: string;
  /** When, already formatted. */
  at: string;
  /** What was written; empty for an event (a pick-up, a close), which shows `event` instead. */
  text: string;
  event?: string;
  /** A note under the entry (the status it left behind). */
  note?: string;
  files: ThreadFile[];
}

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** A file as a chip that downloads it. */
export function FileChip({
  file,
  onOpen,
  label,
}: {
  file: ThreadFile;
  onOpen: (file: ThreadFile) => void;
  /** The accessible name ("Download screen.png"). */
  label: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<AttachFile fontSize="small" />}
      label={`${file.name} (${kilobytes(file.size)})`}
      onClick={() => onOpen(file)}
      aria-label={label}
      data-testid={`file-${file.id}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}

/**
 * A conversation, oldest first: messages of the reader's side on the right, the other side's on
 * the left, events (picked up, closed) as quiet lines between them, files as chips.
 */
export function MessageThread({
  messages,
  onOpenFile,
  fileLabel,
  empty,
  testId,
}: {
  messages: ThreadMessage[];
  onOpenFile: (file: ThreadFile) => void;
  fileLabel: (file: ThreadFile) => string;
  empty: string;
  testId: string;
}) {
  if (messages.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    );
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {messages.map((m) =>
        m.text === '' ? (
          <Typography
            key={m.id}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center' }}
            data-testid={`${testId}-event`}
          >
            {m.author} · {m.event} · {m.at}
          </Typography>
        ) : (
          <Box
            key={m.id}
            sx={{ display: 'flex', justifyContent: m.mine ? 'flex-end' : 'flex-start' }}
            data-testid={`${testId}-message`}
            data-mine={m.mine || undefined}
          >
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: { xs: '92%', md: '75%' },
                minWidth: 0,
                bgcolor: m.mine ? 'action.hover' : 'background.paper',
                borderColor: m.mine ? 'divider' : 'primary.light',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  {m.author}
                </Box>{' '}
                · {m.at}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography>
              {m.files.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
                  {m.files.map((f) => (
                    <FileChip key={f.id} file={f} onOpen={onOpenFile} label={fileLabel(f)} />
                  ))}
                </Box>
              )}
              {m.note && (
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                  {m.note}
                </Typography>
              )}
            </Paper>
          </Box>
        ),
      )}
    </Stack>
  );
}
