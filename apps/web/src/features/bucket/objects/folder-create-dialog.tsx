import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Rule, isObjectKey, isStorageFolder } from '@portal/shared';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormDialog } from '../../../components/resource-kit/form-dialog';
import { toast } from '../../../lib/toast/toast-store';
import { fieldProps } from '../../../components/form/field-props';
import { dialogProblem } from './dialog-problem';
import { createFolder } from './objects-api';

/** A folder name: the shared rule, and a key S3 can hold once the folder's path is before it. */
const folderRule = (prefix: string): Rule => {
  const rule: Rule = (value) => {
    const checked = isStorageFolder(value);
    if (checked !== true) return checked;
    return isObjectKey(`${prefix}${String(value).trim()}/`);
  };
  return rule;
};

/** Creates a folder inside the one shown. */
export function FolderCreateDialog({
  bucket,
  prefix,
  onClose,
  onCreated,
}: {
  bucket: string;
  prefix: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation(['bucketObjects', 'apiError']);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<{ name: string }>({
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const create = useMutation({
    mutationFn: (name: string) => createFolder(bucket, { prefix, name }),
    onSuccess: (_, name) => {
      toast.success('bucketObjects:toasts.folderCreated', { name });
      onCreated();
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(error, setError, ['name'])) setProblem(dialogProblem(error));
    },
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('folder.title')}
      submitLabel={t('folder.submit')}
      onSubmit={handleSubmit(({ name }) => {
        setProblem(null);
        create.mutate(name.trim());
      })}
      onCancel={onClose}
      disabled={create.isPending}
      testId="object-folder-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-all' }}>
        {t('folder.in', { path: `/${prefix}` })}
      </Typography>
      <FormTextField
        {...field('name', t('folder.name'))}
        rule={folderRule(prefix)}
        required
        autoFocus
        autoComplete="off"
        helperText={t('folder.hint')}
      />
      {problem && (
        <Alert severity="error" data-testid="object-folder-problem">
          {t(problem)}
        </Alert>
      )}
    </FormDialog>
  );
}
