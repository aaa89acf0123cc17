import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bucket, LifecycleRule, LifecycleRuleBody } from '@portal/shared';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';
import {
  createLifecycleRule,
  deleteLifecycleRule,
  lifecycleKey,
  updateLifecycleRule,
  useLifecycleRules,
} from './bucket-api';
import { bucketBase } from './bucket-base';
import { TabEmpty, TabHeader, TabLoadFailed, TabLoading } from './bucket-tab-state';
import { LifecycleRuleDialog } from './lifecycle-rule-dialog';

type Editing = { rule: LifecycleRule | null } | null;

/** Which objects a rule reaches, in words. */
function AppliesTo({ rule }: { rule: LifecycleRule }) {
  const { t } = useTranslation('bucket');
  const parts = [
    rule.prefix && t('lifecycle.byPrefix', { prefix: rule.prefix }),
    rule.tagKey &&
      t('lifecycle.byTag', { tag: rule.tagValue ? `${rule.tagKey}=${rule.tagValue}` : rule.tagKey }),
  ].filter(Boolean);
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {parts.length ? parts.join(' · ') : t('lifecycle.everyObject')}
    </Typography>
  );
}

/** Columns a phone leaves out (the first cell tells them). */
const wide = { display: { xs: 'none', sm: 'table-cell' } };

function EnabledChip({ rule }: { rule: LifecycleRule }) {
  const { t } = useTranslation('bucket');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={rule.enabled ? 'success' : 'default'}
      label={t(rule.enabled ? 'lifecycle.on' : 'lifecycle.off')}
    />
  );
}

/** The bucket's lifecycle rules: objects expire some days after they were written. */
export function BucketLifecycleTab({ bucket }: { bucket: Bucket }) {
  const { t } = useTranslation(['bucket', 'common']);
  const { can } = usePermissions();
  const client = useQueryClient();
  const rules = useLifecycleRules(bucket.name);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LifecycleRule | null>(null);
  const mayChange = can(bucketBase.authority.manage);
  const refresh = () => client.invalidateQueries({ queryKey: lifecycleKey(bucket.name) });

  const save = async (body: LifecycleRuleBody) => {
    const rule = editing?.rule;
    try {
      await (rule ? updateLifecycleRule(bucket.name, rule.id, body) : createLifecycleRule(bucket.name, body));
    } finally {
      void refresh();
    }
    toast.success(rule ? 'bucket.toasts.ruleSaved' : 'bucket.toasts.ruleCreated');
    setEditing(null);
  };

  const remove = (rule: LifecycleRule) => {
    setDeleting(null);
    deleteLifecycleRule(bucket.name, rule.id)
      .then(() => toast.success('bucket.toasts.ruleDeleted'))
      .catch(() => undefined)
      .finally(() => void refresh());
  };

  let body;
  if (rules.isPending) body = <TabLoading />;
  else if (rules.isError)
    body = (
      <TabLoadFailed error={rules.error} onRetry={() => void rules.refetch()} testId="lifecycle-failed" />
    );
  else if (rules.data.length === 0)
    body = <TabEmpty testId="lifecycle-empty">{t('lifecycle.empty')}</TabEmpty>;
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="lifecycle-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('lifecycle.appliesTo')}</TableCell>
              <TableCell sx={wide}>{t('lifecycle.expires')}</TableCell>
              <TableCell sx={wide}>{t('lifecycle.status')}</TableCell>
              {mayChange && <TableCell align="right">{t('resource:list.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.data.map((rule) => (
              <TableRow key={rule.id} data-testid={`lifecycle-rule-${rule.id}`}>
                <TableCell>
                  <AppliesTo rule={rule} />
                  {/* A phone has no room for the other columns: they are told here. */}
                  <Box sx={{ display: { xs: 'flex', sm: 'none' }, gap: 1, alignItems: 'center', mt: 0.5 }}>
                    <Typography variant="caption" color="text.secondary">
                      {t('lifecycle.afterDays', { count: rule.expirationDays })}
                    </Typography>
                    <EnabledChip rule={rule} />
                  </Box>
                </TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                  {t('lifecycle.afterDays', { count: rule.expirationDays })}
                </TableCell>
                <TableCell sx={wide}>
                  <EnabledChip rule={rule} />
                </TableCell>
                {mayChange && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('actions.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.edit')}
                        onClick={() => setEditing({ rule })}
                        data-testid={`lifecycle-edit-${rule.id}`}
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('actions.delete')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.delete')}
                        onClick={() => setDeleting(rule)}
                        data-testid={`lifecycle-delete-${rule.id}`}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <Box data-testid="bucket-lifecycle">
      <TabHeader
        title={t('lifecycle.title')}
        hint={t('lifecycle.hint')}
        action={
          mayChange && (
            <Button
              variant="outlined"
              startIcon={<Add />}
              onClick={() => setEditing({ rule: null })}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              data-testid="lifecycle-create"
            >
              {t('lifecycle.create')}
            </Button>
          )
        }
      />
      {body}
      {editing && <LifecycleRuleDialog rule={editing.rule} onSave={save} onCancel={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('lifecycle.deleteTitle')}
        body={t('lifecycle.deleteBody')}
        confirmLabel={t('actions.delete')}
        destructive
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
