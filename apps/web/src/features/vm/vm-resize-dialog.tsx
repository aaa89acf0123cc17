import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Vm, type VmUpdate, vmMonthlyEstimate, vmUpdateSchema } from '@portal/shared';
import { applyServerErrors } from '../../components/form/apply-server-errors';
import { PriceChange } from '../../components/price-change';
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
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(vmUpdateSchema) as unknown as Resolver<Values>,
    defaultValues: { cpuCore: vm.cpuCore, ramSize: vm.ramSize },
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

  const submit = (values: Values) =>
    onSubmit(values).catch((error: unknown) => {
      applyServerErrors(error, setError, ['cpuCore', 'ramSize']);
    });

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="md"
      aria-labelledby="vm-resize-title"
      data-testid="vm-resize-dialog"
    >
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle id="vm-resize-title">{t('dialogs.resize.title', { name: vm.name })}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} color="secondary">
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={unchanged || formState.isSubmitting}
            data-testid="vm-resize-submit"
          >
            {t('actions.resize')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
