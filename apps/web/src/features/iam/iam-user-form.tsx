import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type IamUser,
  type IamUserCreate,
  iamUserCreateSchema,
  iamUserUpdateSchema,
  isIamAccount,
  isPassword,
} from '@portal/shared';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { FormNewPasswordField } from '../../components/form/form-password-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormEmailField, FormTextField } from '../../components/form/form-text-field';
import { useFieldMessage } from '../../components/form/use-field-message';
import { isApiError } from '../../lib/api/api-error';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';
import { SectionPanel } from '../../components/section-panel';
import { fieldProps } from '../../components/form/field-props';
import { useCreateIamUser, useUpdateIamUser } from './iam-api';
import { RolePicker } from './role-picker';
import { RolePreview } from './role-preview';

const needsEmail = (v: { enableTwoFactor?: boolean; email?: string }, ctx: z.RefinementCtx) => {
  if (v.enableTwoFactor && !v.email)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'iam.errors.emailNeeded' });
};

// The shared request schemas, plus what only the form has: the password typed twice.
const createForm = iamUserCreateSchema.extend({ confirmPassword: z.string() }).superRefine((v, ctx) => {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: 'console.pageUpsertIAM.confirmPasswordNotMatch',
    });
  }
  needsEmail(v, ctx);
});
const editForm = iamUserUpdateSchema
  .required({ roles: true, email: true, enableTwoFactor: true })
  .superRefine(needsEmail);

/** Both forms' fields; the edit form leaves account and the passwords unused. */
interface Values {
  account: string;
  password: string;
  confirmPassword: string;
  roles: string[];
  email: string;
  enableTwoFactor: boolean;
}

const CREATE_DEFAULTS: Values = {
  account: '',
  password: '',
  confirmPassword: '',
  roles: [],
  email: '',
  enableTwoFactor: false,
};

/** Create (no user) or edit (a user): account and password only on create. */
export function IamUserForm({ user }: { user?: IamUser }) {
  const { t } = useTranslation(['iam', 'roles']);
  const navigate = useNavigate();
  const message = useFieldMessage();
  const { authority } = usePermissions();
  const create = useCreateIamUser();
  const update = useUpdateIamUser();
  const pending = create.isPending || update.isPending;

  const { control, handleSubmit, setError } = useForm<Values>({
    // The schemas hold the role ids as an enum; the form keeps plain strings for its checkboxes.
    resolver: zodResolver(user ? editForm : createForm) as unknown as Resolver<Values>,
    defaultValues: user
      ? { ...CREATE_DEFAULTS, roles: user.roles, email: user.email, enableTwoFactor: user.enableTwoFactor }
      : CREATE_DEFAULTS,
  });
  const roles = useWatch({ control, name: 'roles' }) ?? [];

  const onError = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.msg === 'ACCOUNT_EXISTS') setError('account', { message: 'apiError.ACCOUNT_EXISTS' });
    else if (error.msg === 'NOT_HAVE_EMAIL') setError('email', { message: 'iam.errors.emailNeeded' });
    else applyServerErrors(error, setError, ['account', 'password', 'roles', 'email']);
  };

  const submit = (values: Values) => {
    const done = () => {
      toast.success(user ? 'iam.toasts.updated' : 'iam.toasts.created');
      navigate('/iam');
    };
    const roles = values.roles as IamUserCreate['roles'];
    const common = { roles, email: values.email, enableTwoFactor: values.enableTwoFactor };
    if (user) update.mutate({ id: user.id, ...common }, { onSuccess: done, onError });
    else
      create.mutate(
        { ...common, account: values.account, password: values.password },
        { onSuccess: done, onError },
      );
  };

  const field = fieldProps(control, t);
  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={handleSubmit(submit)}
      data-testid="iam-user-form"
    >
      <SectionPanel title={t('form.sections.account')}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            columnGap: 2,
            rowGap: 1.5,
          }}
        >
          {user ? (
            <TextField
              label={t('fields.account')}
              value={user.account}
              disabled
              helperText={t('form.accountFixed')}
              slotProps={{ htmlInput: { 'data-testid': 'field-account' } }}
            />
          ) : (
            <FormTextField
              {...field('account')}
              rule={isIamAccount}
              helperText={t('form.accountHint')}
              autoComplete="off"
              required
            />
          )}
          <FormEmailField {...field('email')} helperText={t('form.emailHint')} autoComplete="off" />
          {!user && (
            <>
              <FormNewPasswordField
                {...field('password')}
                helperText={t('form.passwordHint', isPassword.values)}
                required
              />
              <FormNewPasswordField confirm {...field('confirmPassword')} required />
            </>
          )}
        </Box>
        <FormSwitchField {...field('enableTwoFactor')} on={true} off={false} />
      </SectionPanel>

      <SectionPanel title={t('form.sections.roles')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 4fr' }, gap: 3 }}>
          <Controller
            control={control}
            name="roles"
            render={({ field, fieldState }) => (
              <RolePicker
                value={field.value ?? []}
                onChange={field.onChange}
                authority={authority}
                error={message(fieldState.error)}
              />
            )}
          />
          <Box>
            <Divider sx={{ display: { md: 'none' }, mb: 2 }} />
            <RolePreview roles={roles} />
          </Box>
        </Box>
      </SectionPanel>

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={Link} to="/iam" color="secondary" disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending} data-testid="iam-user-save">
          {user ? t('actions.save') : t('actions.create')}
        </Button>
      </Stack>
    </Stack>
  );
}
