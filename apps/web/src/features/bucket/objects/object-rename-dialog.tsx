import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ObjectEntry, type Rule, isObjectKey, isStorageFolder, parentPrefix } from '@portal/shared';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormDialog } from '../../../components/resource-kit/form-dialog';
import { toast } from '../../../lib/toast/toast-store';
import { fieldProps } from '../../../components/form/field-props';
import { dialogProblem } from './dialog-problem';
import { renameObject } from './objects-api';

/**
 * A new last part: a folder's letters and digits (the storage folder rule), a file's anything
 * without a slash; and a key S3 can hold.
 */
function nameRule(entry: ObjectEntry): Rule {
  return (value) => {
    const name = typeof value === 'string' ? value.trim() : '';
    if (!name) return 'validation.notEmpty';
    if (entry.type === 'folder') {
      const checked = isStorageFolder(name);
      if (checked !== true) return checked;
    } else if (name.includes('/')) return 'bucketObjects.rename.noSlash';
    const key = `${parentPrefix(entry.key)}${name}${entry.type === 'folder' ? '/' : ''}`;
    return isObjectKey(key);
  };
}

/** Renames a file, or a folder with everything in it, within its folder. */
export function ObjectRenameDialog({
  bucket,
  entry,
  onClose,
  onDone,
}: {
  bucket: string;
  entry: ObjectEntry;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['bucketObjects', 'apiError']);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<{ newName: string }>({
    mode: 'onChange',
    defaultValues: { newName: entry.name },
  });
  const rename = useMutation({
    mutationFn: (newName: string) => renameObject(bucket, { key: entry.key, newName }),
    onSuccess: (_, newName) => {
      toast.success('bucketObjects:toasts.renamed', { name: entry.name, newName });
      onDone();
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(error, setError, ['newName'])) setProblem(dialogProblem(error));
    },
  });
  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t(entry.type === 'folder' ? 'rename.titleFolder' : 'rename.titleFile', { name: entry.name })}
      submitLabel={t('rename.submit')}
      onSubmit={handleSubmit(({ newName }) => {
        setProblem(null);
        if (newName.trim() === entry.name) onClose();
        else rename.mutate(newName.trim());
      })}
      onCancel={onClose}
      disabled={rename.isPending}
      testId="object-rename-dialog"
    >
      <FormTextField
        {...field('newName', t('rename.newName'))}
        rule={nameRule(entry)}
        required
        autoFocus
        autoComplete="off"
        helperText={entry.type === 'folder' ? t('folder.hint') : t('rename.fileHint')}
        sx={{ mt: 1 }}
      />
      {entry.type === 'folder' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('rename.folderNote')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" data-testid="object-rename-problem">
          {t(problem)}
        </Alert>
      )}
    </FormDialog>
  );
}
