import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bucket, LifecycleRule, LifecycleRuleBody } from '@portal/shared';
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
import { useRowDelete } from './bucket-row-delete';
import { TabHeader } from './bucket-tab-state';
import { TabTable, wideCell } from './bucket-tab-table';
import { TipIconButton } from '../../components/tip-icon-button';
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

  const deleting = useRowDelete<LifecycleRule>({
    remove: (rule) => deleteLifecycleRule(bucket.name, rule.id),
    done: () => toast.success('bucket.toasts.ruleDeleted'),
    refresh,
    title: () => t('lifecycle.deleteTitle'),
    body: t('lifecycle.deleteBody'),
  });

  const body = (
    <TabTable
      rows={rules}
      testId="lifecycle"
      empty={t('lifecycle.empty')}
      head={
        <>
          <TableCell>{t('lifecycle.appliesTo')}</TableCell>
          <TableCell sx={wideCell}>{t('lifecycle.expires')}</TableCell>
          <TableCell sx={wideCell}>{t('lifecycle.status')}</TableCell>
          {mayChange && <TableCell align="right">{t('resource:list.actions')}</TableCell>}
        </>
      }
    >
      {(rule) => (
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
          <TableCell sx={{ ...wideCell, whiteSpace: 'nowrap' }}>
            {t('lifecycle.afterDays', { count: rule.expirationDays })}
          </TableCell>
          <TableCell sx={wideCell}>
            <EnabledChip rule={rule} />
          </TableCell>
          {mayChange && (
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <TipIconButton
                title={t('actions.edit')}
                icon={<Edit fontSize="small" />}
                onClick={() => setEditing({ rule })}
                testId={`lifecycle-edit-${rule.id}`}
              />
              <TipIconButton
                title={t('actions.delete')}
                icon={<DeleteOutline fontSize="small" />}
                onClick={() => deleting.ask(rule)}
                testId={`lifecycle-delete-${rule.id}`}
              />
            </TableCell>
          )}
        </TableRow>
      )}
    </TabTable>
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
      {deleting.dialog}
    </Box>
  );
}
