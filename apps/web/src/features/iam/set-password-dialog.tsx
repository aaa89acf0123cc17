import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type IamUser, iamPasswordSchema, isPassword } from '@portal/shared';
import { FormPasswordField } from '../../components/form/form-password-field';
import { isApiError } from '../../lib/api/api-error';
import { reportApiError } from '../../lib/api/report-api-error';
import { toast } from '../../lib/toast/toast-store';
import { useSetIamPassword } from './iam-api';

const schema = iamPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'console.pageUpsertIAM.confirmPasswordNotMatch',
  });
type Values = z.input<typeof schema>;
const EMPTY: Values = { password: '', confirmPassword: '', currentPassword: '' };

/** A new password for an IAM user, confirmed with the caller's own sign-in password. */
export function SetPasswordDialog({ user, onClose }: { user: IamUser | null; onClose: () => void }) {
  const { t } = useTranslation('iam');
  const setPassword = useSetIamPassword();
  const { control, handleSubmit, reset, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = ({ password, currentPassword }: Values) => {
    if (!user) return;
    setPassword.mutate(
      { id: user.id, password, currentPassword },
      {
        onSuccess: () => {
          toast.success('iam.toasts.passwordSet');
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.msg === 'INCORRECT_PASSWORD') {
            setError('currentPassword', { message: 'apiError.INCORRECT_PASSWORD' });
          } else if (isApiError(error) && error.msg === 'PASSWORD_AGAINST_RULES') {
            setError('password', { message: 'apiError.PASSWORD_AGAINST_RULES' });
          } else if (isApiError(error)) reportApiError(error);
        },
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onClose={close}
      aria-labelledby="set-password-title"
      data-testid="set-password-dialog"
    >
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle id="set-password-title">
          {t('dialogs.password.title', { account: user?.account ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('dialogs.password.body')}</DialogContentText>
          <Stack spacing={1}>
            <FormPasswordField
              control={control}
              name="password"
              rule={isPassword}
              label={t('fields.newPassword')}
              autoComplete="new-password"
              fullWidth
            />
            <FormPasswordField
              control={control}
              name="confirmPassword"
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              fullWidth
            />
            <FormPasswordField
              control={control}
              name="currentPassword"
              label={t('fields.yourPassword')}
              autoComplete="current-password"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="secondary">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={setPassword.isPending}
            data-testid="set-password-submit"
          >
            {t('actions.setPassword')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
