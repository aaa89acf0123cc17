import { type ReactNode, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_LEVELS, type AnnouncementBody, type OpsAnnouncement } from '@portal/shared';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { useFieldMessage } from '../../components/form/use-field-message';
import {
  ANNOUNCEMENT_FIELDS,
  announcementResolver,
  blankForm,
  newAnnouncementResolver,
  formOf,
  type AnnouncementForm,
} from './announcement-form';
import { fieldProps } from '../../components/form/field-props';

type FieldName = keyof AnnouncementForm;

function Field(props: {
  control: Control<AnnouncementForm, unknown, AnnouncementBody>;
  name: FieldName;
  label: ReactNode;
  multiline?: boolean;
  type?: string;
  lang?: string;
}) {
  const message = useFieldMessage();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={props.label}
          type={props.type}
          multiline={props.multiline}
          minRows={props.multiline ? 4 : undefined}
          required
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error) ?? ' '}
          slotProps={{
            inputLabel: props.type ? { shrink: true } : undefined,
            htmlInput: { 'data-testid': `announcement-${props.name}`, lang: props.lang },
          }}
        />
      )}
    />
  );
}

/**
 * Write or change an announcement: both languages side by side (stacked on a phone), the level
 * and the window in the staff member's time zone. The shared schema checks it before it goes, and
 * the server's field problems land on the fields.
 */
export function OpsAnnouncementDialog(props: {
  open: boolean;
  /** The one to change; none: a new one. */
  editing: OpsAnnouncement | null;
  onClose: () => void;
  onSave: (body: AnnouncementBody) => Promise<unknown>;
}) {
  const { t } = useTranslation(['ops', 'common']);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const editing = useRef(props.editing);
  editing.current = props.editing;
  const { control, handleSubmit, reset, setError, formState } = useForm<
    AnnouncementForm,
    unknown,
    AnnouncementBody
  >({
    // A change may keep a window that has ended; a new one may not end in the past.
    resolver: (values, context, options) =>
      (editing.current ? announcementResolver : newAnnouncementResolver())(values, context, options),
    defaultValues: blankForm(),
  });
  useEffect(() => {
    if (props.open) reset(props.editing ? formOf(props.editing) : blankForm());
  }, [props.open, props.editing, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      await props.onSave(body);
    } catch (error) {
      applyServerErrors(error, setError, ANNOUNCEMENT_FIELDS);
    }
  });

  const field = fieldProps(control, t);
  const language = (lang: 'C' | 'E') => (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }} data-testid={`announcement-language-${lang}`}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t(lang === 'C' ? 'announcements.form.zh' : 'announcements.form.en')}
      </Typography>
      <Field {...field(`title${lang}`, t('announcements.form.title'))} lang={lang === 'C' ? 'zh-TW' : 'en'} />
      <Field
        {...field(`body${lang}`, t('announcements.form.body'))}
        multiline
        lang={lang === 'C' ? 'zh-TW' : 'en'}
      />
    </Box>
  );

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="announcement-dialog-title"
      data-testid="announcement-dialog"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="announcement-dialog-title">
          {t(props.editing ? 'announcements.form.editTitle' : 'announcements.form.createTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {language('C')}
            {language('E')}
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mt: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Controller
              control={control}
              name="level"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={t('announcements.form.level')}
                  fullWidth
                  helperText=" "
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': 'announcement-level' } as object },
                  }}
                >
                  {ANNOUNCEMENT_LEVELS.map((level) => (
                    <MenuItem key={level} value={level} data-testid={`announcement-level-${level}`}>
                      {t(`announcements.levels.${level}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Field {...field('startsAt', t('announcements.form.startsAt'))} type="datetime-local" />
            <Field {...field('endsAt', t('announcements.form.endsAt'))} type="datetime-local" />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('announcements.form.timeZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} data-testid="announcement-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            data-testid="announcement-save"
          >
            {t('announcements.form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
