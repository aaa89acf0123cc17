import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Vm, type VmUpdate, vmMonthlyEstimate, vmUpdateSchema } from '@portal/shared';
import { PriceChange } from '../../components/price-change';
import { FormDialog } from '../../components/resource-kit/form-dialog';
import { useDialogForm } from '../../components/resource-kit/use-dialog-form';
import { usePriceCodes } from '../products';
import type { ActionDialogProps } from '../../lib/resource-kit/definition';
import { useTemplates } from './vm-api';
import { VmSizingFields } from './vm-sizing';

interface Values {
  cpuCore: number;
  ramSize: number;
}

/**
 * Adjust specs: a new vCPU and memory size for a stopped VM (canResizeVm), with its monthly price
 * now and after, from the one price list.
 */
export function VmResizeDialog({ rows, onSubmit, onCancel }: ActionDialogProps<Vm, VmUpdate>) {
  const { t } = useTranslation(['vm', 'common']);
  const vm = rows[0] as Vm;
  const prices = usePriceCodes();
  const templates = useTemplates();
  const {
    control,
    onSubmit: submit,
    formState,
  } = useDialogForm<Values>({
    schema: vmUpdateSchema,
    defaultValues: { cpuCore: vm.cpuCore, ramSize: vm.ramSize },
    fields: ['cpuCore', 'ramSize'],
    submit: onSubmit,
  });
  const [cpuCore, ramSize] = useWatch({ control, name: ['cpuCore', 'ramSize'] });
  const licensed = templates.data?.find((x) => x.uuid === vm.templateUUID)?.licensed ?? false;
  const sizing = { licensed, publicIp: vm.publicIP !== null };
  const now =
    prices.data && vmMonthlyEstimate(prices.data, { ...sizing, cpuCore: vm.cpuCore, ramSize: vm.ramSize });
  const next =
    prices.data &&
    vmMonthlyEstimate(prices.data, {
      ...sizing,
      cpuCore: typeof cpuCore === 'number' ? cpuCore : 0,
      ramSize: typeof ramSize === 'number' ? ramSize : 0,
    });
  const unchanged = cpuCore === vm.cpuCore && ramSize === vm.ramSize;

  return (
    <FormDialog
      title={t('dialogs.resize.title', { name: vm.name })}
      submitLabel={t('actions.resize')}
      onSubmit={submit}
      onCancel={onCancel}
      disabled={unchanged || formState.isSubmitting}
      maxWidth="md"
      testId="vm-resize-dialog"
      submitTestId="vm-resize-submit"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dialogs.resize.body')}</DialogContentText>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
        <VmSizingFields control={control} cpu={cpuCore} />
      </Box>
      <PriceChange
        before={{
          title: t('dialogs.resize.current', { cpu: vm.cpuCore, ram: vm.ramSize }),
          estimate: now,
        }}
        after={{ title: t('dialogs.resize.next'), estimate: next }}
        testId="vm-price"
      />
    </FormDialog>
  );
}
