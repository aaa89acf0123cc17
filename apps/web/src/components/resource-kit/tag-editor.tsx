import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MAX_TAGS_PER_RESOURCE,
  type Tag,
  type TagsPut,
  isTagKey,
  isTagValue,
  tagsPutSchema,
} from '@portal/shared';
import { applyServerErrors } from '../form/apply-server-errors';
import { FormTextField } from '../form/form-text-field';
import { useFieldMessage } from '../form/use-field-message';
import { fieldProps } from '../form/field-props';

interface Values {
  tags: { key: string; value: string }[];
}

export interface TagEditorProps {
  tags: readonly Tag[];
  /** Keys already used on this kind of resource, offered while typing. */
  keys: readonly string[];
  /** Without the resource's manage authority the tags are only listed. */
  canEdit: boolean;
  /** Saves the whole set (PUT replaces it); rejects with the call's error. */
  onSave: (body: TagsPut) => Promise<unknown>;
  onCancel?: () => void;
  saving?: boolean;
}

/** A resource's tags as key/value rows: add, remove, save the set (rules of tagsPutSchema). */
export function TagEditor({ tags, keys, canEdit, onSave, onCancel, saving = false }: TagEditorProps) {
  const { t } = useTranslation(['resource', 'validation']);
  const message = useFieldMessage();
  const listId = `${useId()}-tag-keys`;
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(tagsPutSchema) as unknown as Resolver<Values>,
    defaultValues: { tags: tags.map(({ key, value }) => ({ key, value })) },
  });
  const rows = useFieldArray({ control, name: 'tags' });
  const submit = (values: Values) =>
    onSave(values).catch((error: unknown) => {
      applyServerErrors(error, setError, (path) => path.startsWith('tags'));
    });
  const setProblem = formState.errors.tags?.root ?? formState.errors.tags;

  if (!canEdit) {
    return tags.length === 0 ? (
      <Typography color="text.secondary">{t('tags.none')}</Typography>
    ) : (
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}
        data-testid="tag-list"
      >
        {tags.map((tag) => (
          <Box key={tag.key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {tag.key}
            </Box>
            <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {tag.value || '—'}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  const field = fieldProps(control, t);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} data-testid="tag-editor">
      <datalist id={listId}>
        {keys.map((key) => (
          <option key={key} value={key} />
        ))}
      </datalist>
      <Stack spacing={1}>
        {rows.fields.length === 0 && <Typography color="text.secondary">{t('tags.none')}</Typography>}
        {rows.fields.map((tag, index) => (
          <Box key={tag.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <FormTextField
              {...field(`tags.${index}.key`, t('tags.key'))}
              rule={isTagKey}
              htmlInput={{ list: listId, maxLength: 60 }}
              autoComplete="off"
              required
            />
            <FormTextField
              {...field(`tags.${index}.value`, t('tags.value'))}
              rule={isTagValue}
              htmlInput={{ maxLength: 60 }}
              autoComplete="off"
            />
            <IconButton
              aria-label={t('tags.remove', { index: index + 1 })}
              onClick={() => rows.remove(index)}
              sx={{ mt: 0.25 }}
              data-testid={`tag-remove-${index}`}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {setProblem?.message && (
          <Alert severity="error" data-testid="tag-set-error">
            {message(setProblem as { type: string; message: string })}
          </Alert>
        )}
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button
          startIcon={<Add />}
          onClick={() => rows.append({ key: '', value: '' })}
          disabled={rows.fields.length >= MAX_TAGS_PER_RESOURCE}
          data-testid="tag-add"
        >
          {t('tags.add')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {onCancel && (
          <Button color="secondary" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={saving || formState.isSubmitting}
          data-testid="tag-save"
        >
          {t('tags.save')}
        </Button>
      </Box>
    </Box>
  );
}
