import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CcxCluster, type CcxClusterScale, ccxClusterScaleSchema, ccxEngine } from '@portal/shared';
import { PriceChange } from '../../components/price-change';
import { FormSelectField } from '../../components/form/form-select-field';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { fieldProps } from '../../components/form/field-props';
import { engineText, sizeText } from './ccx-format';
import { ClusterHourly, useClusterEstimate } from './ccx-price';

/**
 * Scale: another of the engine's node counts for a running cluster (canScaleCluster), with the
 * price now and after, from the one price list.
 */
export function CcxScaleDialog({ rows, onSubmit, onCancel }: ActionDialogProps<CcxCluster, CcxClusterScale>) {
  const { t } = useTranslation(['ccx', 'common']);
  const cluster = rows[0] as CcxCluster;
  const engine = ccxEngine(cluster.engine);
  const counts = engine?.nodeCounts ?? [cluster.nodeCount];
  const {
    control,
    onSubmit: submit,
    formState,
  } = useDialogForm<CcxClusterScale>({
    schema: ccxClusterScaleSchema,
    defaultValues: { nodeCount: counts.find((n) => n !== cluster.nodeCount) ?? cluster.nodeCount },
    fields: ['nodeCount'],
    submit: onSubmit,
  });
  const nodeCount = useWatch({ control, name: 'nodeCount' });
  const current = { engine: cluster.engine, nodeSize: cluster.nodeSize, nodeCount: cluster.nodeCount };
  const scaled = { ...current, nodeCount };
  const now = useClusterEstimate(current);
  const next = useClusterEstimate(scaled);

  const field = fieldProps(control, t);
  return (
    <FormDialog
      title={t('dialogs.scale.title', { name: cluster.name })}
      submitLabel={t('actions.scale')}
      onSubmit={submit}
      onCancel={onCancel}
      disabled={nodeCount === cluster.nodeCount || formState.isSubmitting}
      maxWidth="md"
      testId="ccx-scale-dialog"
      submitTestId="ccx-scale-submit"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t(`dialogs.scale.body.${engine?.kind ?? 'database'}`, {
          engine: engineText(cluster),
          size: sizeText(cluster.nodeSize, t),
        })}
      </DialogContentText>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <FormSelectField {...field('nodeCount', t('fields.newNodeCount'))} required>
          {counts.map((n) => (
            <MenuItem key={n} value={n} disabled={n === cluster.nodeCount}>
              {n === cluster.nodeCount ? t('values.currentCount', { count: n }) : String(n)}
            </MenuItem>
          ))}
        </FormSelectField>
      </Box>
      <PriceChange
        before={{
          title: t('dialogs.scale.current', { count: cluster.nodeCount }),
          estimate: now,
          footer: <ClusterHourly sizing={current} testId="ccx-price-now" />,
        }}
        after={{
          title: t('dialogs.scale.next', { count: nodeCount }),
          estimate: next,
          footer: <ClusterHourly sizing={scaled} testId="ccx-price-next" />,
        }}
        testId="ccx-price"
      />
    </FormDialog>
  );
}
