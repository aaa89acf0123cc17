import { useMemo, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OsTemplate, VmCreate } from '@portal/shared';
import { FormSelectField } from '../../components/form/form-select-field';
import { fieldProps } from '../../components/form/field-props';

/**
 * The OS, then its version: the version is the template the VM is created from. Choosing an OS
 * picks its first version; a root volume smaller than the image needs grows to fit it.
 */
export function VmOsPicker({
  templates,
  control,
  setValue,
}: {
  templates: readonly OsTemplate[];
  control: Control<VmCreate>;
  setValue: UseFormSetValue<VmCreate>;
}) {
  const { t } = useTranslation('vm');
  const templateUUID = useWatch({ control, name: 'templateUUID' });
  const rootDiskSize = useWatch({ control, name: 'rootDiskSize' });
  const chosen = templates.find((x) => x.uuid === templateUUID);
  const [os, setOs] = useState(chosen?.osName ?? '');
  const names = useMemo(() => [...new Set(templates.map((x) => x.osName))], [templates]);
  const versions = templates.filter((x) => x.osName === os);

  const pick = (template: OsTemplate | undefined) => {
    setValue('templateUUID', template?.uuid ?? '', { shouldValidate: Boolean(template) });
    if (template && (typeof rootDiskSize !== 'number' || rootDiskSize < template.minDiskGb)) {
      setValue('rootDiskSize', template.minDiskGb, { shouldValidate: true });
    }
  };

  const field = fieldProps(control, t);
  return (
    <>
      <TextField
        select
        label={t('fields.osName')}
        value={os}
        required
        onChange={(e) => {
          setOs(e.target.value);
          pick(templates.find((x) => x.osName === e.target.value));
        }}
        slotProps={{ htmlInput: { 'data-testid': 'field-osName' } }}
        helperText=" "
      >
        {names.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <FormSelectField
        {...field('templateUUID', t('fields.version'))}
        required
        helperText={chosen ? t('form.imageHint', { min: chosen.minDiskGb }) : undefined}
      >
        {versions.map((x) => (
          <MenuItem key={x.uuid} value={x.uuid} onClick={() => pick(x)}>
            {x.version}
            {x.licensed ? ` · ${t('form.licensed')}` : ''}
          </MenuItem>
        ))}
      </FormSelectField>
    </>
  );
}
