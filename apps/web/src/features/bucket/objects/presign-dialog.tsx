import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ObjectEntry, type PresignAnswer, presignSchema } from '@portal/shared';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormNumberField } from '../../../components/form/form-number-field';
import { FormDialog } from '../../../components/resource-kit/form-dialog';
import { formatDateTime } from '../../../lib/format/date-time';
import { fieldProps } from '../../../components/form/field-props';
import { dialogProblem } from './dialog-problem';
import { CopyText } from './copy-text';
import { formatCountdown } from './object-format';
import { presignObject } from './objects-api';

const minutesSchema = presignSchema.pick({ expiresMinutes: true });
type MinutesForm = { expiresMinutes: number };

/** Default life of a link: an hour. */
const DEFAULT_MINUTES = 60;

/** "Expires in mm:ss", counting down each second, then "expired". */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('bucketObjects');
  const [now, setNow] = useState(() => Date.now());
  const left = new Date(expiresAt).getTime() - now;
  // The clock ticks until the link has expired, then stops.
  const expired = left <= 0;
  useEffect(() => {
    if (expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expired]);
  const time = formatCountdown(left);
  return (
    <Typography
      variant="body2"
      color={time ? 'text.secondary' : 'error'}
      data-testid="presign-countdown"
      aria-live="off"
    >
      {time ? t('presign.expiresIn', { time }) : t('presign.expired')}
    </Typography>
  );
}

/** Makes a link that reads one file without signing in, for 1 to 10,080 minutes. */
export function PresignDialog({
  bucket,
  entry,
  onClose,
}: {
  bucket: string;
  entry: ObjectEntry;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['bucketObjects', 'apiError']);
  const [answer, setAnswer] = useState<PresignAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<MinutesForm>({
    mode: 'onChange',
    resolver: zodResolver(minutesSchema) as unknown as Resolver<MinutesForm>,
    defaultValues: { expiresMinutes: DEFAULT_MINUTES },
  });
  const presign = useMutation({
    mutationFn: (expiresMinutes: number) => presignObject(bucket, { key: entry.key, expiresMinutes }),
    onSuccess: (data) => setAnswer(data),
    onError: (error) => {
      if (!applyServerErrors(error, setError, ['expiresMinutes'])) setProblem(dialogProblem(error));
    },
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('presign.title', { name: entry.name })}
      submitLabel={t(answer ? 'presign.again' : 'presign.submit')}
      onSubmit={handleSubmit(({ expiresMinutes }) => {
        setProblem(null);
        presign.mutate(expiresMinutes);
      })}
      onCancel={onClose}
      disabled={presign.isPending}
      testId="object-presign-dialog"
    >
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {t('presign.explain')}
        </Typography>
        <FormNumberField
          {...field('expiresMinutes', t('presign.minutes'))}
          required
          autoFocus
          helperText={t('presign.minutesHint')}
          sx={{ mt: 1 }}
        />
        {problem && (
          <Alert severity="error" data-testid="object-presign-problem">
            {t(problem)}
          </Alert>
        )}
        {answer && (
          <Stack spacing={1} data-testid="presign-answer">
            <CopyText text={answer.url} testId="presign-url" />
            <Typography variant="body2" data-testid="presign-expires-at">
              {t('presign.expiresAt', { time: formatDateTime(answer.expiresAt, i18n.language) })}
            </Typography>
            <ExpiryCountdown key={answer.expiresAt} expiresAt={answer.expiresAt} />
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
