import { useState } from 'react';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OBJECT_PAGE_MAX, type ObjectEntry, keyName, transferProblem } from '@portal/shared';
import { OutlinedField } from '../../../components/form/outlined-field';
import { FormDialog } from '../../../components/resource-kit/form-dialog';
import { toast } from '../../../lib/toast/toast-store';
import { dialogProblem } from './dialog-problem';
import { keyRefusal, normalizePrefix, prefixCrumbs } from './object-paths';
import { transferObjects, useObjectPage } from './objects-api';

export type TransferMode = 'copy' | 'move';

/** The folders of one folder, to browse for a destination. */
function FolderBrowser({
  bucket,
  prefix,
  onChoose,
}: {
  bucket: string;
  prefix: string;
  onChoose: (prefix: string) => void;
}) {
  const { t } = useTranslation('bucketObjects');
  const listing = useObjectPage(bucket, { prefix, limit: OBJECT_PAGE_MAX });
  const folders = (listing.data?.prefix === prefix ? listing.data.entries : []).filter(
    (e) => e.type === 'folder',
  );
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 1 }}>
      <Breadcrumbs sx={{ px: 1.5, py: 1, '& ol': { flexWrap: 'wrap' } }} aria-label={t('transfer.browse')}>
        <Link component="button" type="button" onClick={() => onChoose('')} data-testid="transfer-crumb-top">
          {t('breadcrumb.top')}
        </Link>
        {prefixCrumbs(prefix).map((crumb) => (
          <Link
            key={crumb.prefix}
            component="button"
            type="button"
            onClick={() => onChoose(crumb.prefix)}
            sx={{ wordBreak: 'break-all' }}
          >
            {crumb.name}
          </Link>
        ))}
      </Breadcrumbs>
      <List dense sx={{ maxHeight: 220, overflow: 'auto', py: 0 }} data-testid="transfer-folders">
        {folders.map((folder) => (
          <ListItemButton
            key={folder.key}
            onClick={() => onChoose(folder.key)}
            data-testid={`transfer-folder-${folder.key}`}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <FolderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={folder.name} slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }} />
          </ListItemButton>
        ))}
        {!listing.isFetching && folders.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {t('transfer.noFolders')}
          </Typography>
        )}
      </List>
    </Box>
  );
}

/**
 * Copies or moves files and folders into a folder, chosen by browsing or typed as a path. A
 * folder into itself or one of its own sub-folders, or anything into the folder it is already in,
 * is refused here (the shared transferProblem) and again by the server.
 */
export function ObjectTransferDialog({
  bucket,
  entries,
  initialMode,
  startPrefix,
  onClose,
  onDone,
}: {
  bucket: string;
  entries: ObjectEntry[];
  initialMode: TransferMode;
  /** Where browsing starts: the folder shown. */
  startPrefix: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['bucketObjects', 'apiError']);
  const [mode, setMode] = useState<TransferMode>(initialMode);
  const [typed, setTyped] = useState(startPrefix);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const destination = normalizePrefix(typed);
  const keys = entries.map((e) => e.key);
  const rule = transferProblem(keys, destination);
  const refusal = entries
    .map((e) => keyRefusal(`${destination}${keyName(e.key)}${e.type === 'folder' ? '/' : ''}`))
    .find((r) => r !== null);
  const problem = rule !== true ? `apiError:${rule}` : refusal ? `apiError:${refusal}` : serverProblem;
  const transfer = useMutation({
    mutationFn: () => transferObjects(bucket, { keys, destination, mode }),
    onSuccess: () => {
      toast.success(`bucketObjects:toasts.transferred.${mode}`, {
        count: entries.length,
        path: `/${destination}`,
      });
      onDone();
      onClose();
    },
    onError: (error) => setServerProblem(dialogProblem(error)),
  });
  const choose = (prefix: string) => {
    setServerProblem(null);
    setTyped(prefix);
  };
  return (
    <FormDialog
      title={t('transfer.title', { count: entries.length })}
      submitLabel={t(`transfer.submit.${mode}`)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem || problem === serverProblem) transfer.mutate();
      }}
      onCancel={onClose}
      disabled={transfer.isPending || rule !== true || refusal !== undefined}
      testId="object-transfer-dialog"
    >
      <Typography variant="body2" sx={{ wordBreak: 'break-all', mb: 1 }}>
        {entries.length === 1
          ? entries[0]!.name
          : t('transfer.several', { count: entries.length, first: entries[0]!.name })}
      </Typography>
      <RadioGroup
        row
        value={mode}
        onChange={(e) => setMode(e.target.value as TransferMode)}
        aria-label={t('transfer.mode')}
      >
        <FormControlLabel
          value="copy"
          control={<Radio size="small" />}
          label={t('transfer.copy')}
          data-testid="transfer-mode-copy"
        />
        <FormControlLabel
          value="move"
          control={<Radio size="small" />}
          label={t('transfer.move')}
          data-testid="transfer-mode-move"
        />
      </RadioGroup>
      <OutlinedField
        name="destination"
        value={typed}
        onChange={(e) => {
          setServerProblem(null);
          setTyped(e.target.value);
        }}
        label={t('transfer.destination')}
        helperText={t('transfer.destinationHint', { path: `/${destination}` })}
        error={Boolean(problem) && typed !== startPrefix}
        autoComplete="off"
        sx={{ mt: 1 }}
        htmlInput={{ 'data-testid': 'field-destination' }}
      />
      <FolderBrowser bucket={bucket} prefix={destination} onChoose={choose} />
      {problem && (typed !== startPrefix || problem === serverProblem) && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="object-transfer-problem">
          {t(problem)}
        </Alert>
      )}
    </FormDialog>
  );
}
