import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { type Control, useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATA_DISK_MIN_GB, DiskSpeed, MAX_DATA_DISKS, type VmCreate, isDataDiskSize } from '@portal/shared';
import { FormNumberField } from '../../components/form/form-number-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { useFieldMessage } from '../../components/form/use-field-message';
import { enumMenuItems } from '../../components/form/enum-menu-items';
import { fieldProps } from '../../components/form/field-props';

/** Up to three data volumes created with the VM: a size and a type per row. */
export function VmDataDisks({ control }: { control: Control<VmCreate> }) {
  const { t } = useTranslation(['vm', 'enums']);
  const message = useFieldMessage();
  const disks = useFieldArray({ control, name: 'dataDisks' });
  const { errors } = useFormState({ control, name: 'dataDisks' });
  const listProblem = errors.dataDisks?.root ?? (errors.dataDisks?.message ? errors.dataDisks : undefined);
  const field = fieldProps(control, t);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('form.dataDisks', { max: MAX_DATA_DISKS })}
      </Typography>
      {disks.fields.map((disk, index) => (
        <Box
          key={disk.id}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
            gap: 1,
            alignItems: 'start',
          }}
          data-testid={`data-disk-${index}`}
        >
          <FormNumberField
            {...field(`dataDisks.${index}.diskSize`, t('fields.dataDiskSize', { index: index + 1 }))}
            rule={isDataDiskSize}
            required
          />
          <FormSelectField {...field(`dataDisks.${index}.diskSpeed`, t('fields.diskSpeed'))}>
            {enumMenuItems('diskSpeed', t)}
          </FormSelectField>
          <IconButton
            aria-label={t('form.removeDisk', { index: index + 1 })}
            onClick={() => disks.remove(index)}
            data-testid={`data-disk-remove-${index}`}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {listProblem && (
        <Typography color="error" variant="caption" component="p">
          {message(listProblem as { type: string; message: string })}
        </Typography>
      )}
      <Button
        startIcon={<Add />}
        onClick={() => disks.append({ diskSize: 100, diskSpeed: DiskSpeed.SSD })}
        disabled={disks.fields.length >= MAX_DATA_DISKS}
        data-testid="data-disk-add"
      >
        {t('form.addDisk', { min: DATA_DISK_MIN_GB })}
      </Button>
    </Box>
  );
}
