import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { MetricVm } from '@portal/shared';
import { useMetricVms } from './metrics-queries';

/**
 * The VMs to compare: a search of the tenant's VMs on the server (by name or address, a page of
 * 20 at a time), at most `max` chosen. `known` names VMs chosen before their page was seen.
 */
export function VmPicker({
  value,
  onChange,
  max,
  known,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  max: number;
  known: Map<string, Pick<MetricVm, 'uuid' | 'name'>>;
}) {
  const { t } = useTranslation(['metrics', 'enums']);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // The server is asked after a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const vms = useMetricVms(search);
  const options = vms.data?.records ?? [];
  for (const vm of options) known.set(vm.uuid, vm);
  const full = value.length >= max;
  return (
    <Autocomplete
      multiple
      value={value}
      onChange={(_, ids) => onChange(ids.slice(0, max))}
      inputValue={input}
      onInputChange={(_, text, reason) => reason !== 'reset' && setInput(text)}
      options={options.map((vm) => vm.uuid)}
      // The server has filtered already.
      filterOptions={(ids) => ids}
      getOptionLabel={(id) => known.get(id)?.name ?? id}
      getOptionDisabled={(id) => full && !value.includes(id)}
      renderOption={(props, id) => {
        const vm = options.find((o) => o.uuid === id);
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`metric-vm-option-${id}`}>
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {vm?.name ?? id}
            </span>
            <span style={{ marginLeft: 8, opacity: 0.7, fontSize: '0.85em', whiteSpace: 'nowrap' }}>
              {vm ? `${vm.privateIP ?? ''} ${t(`enums:vmStatus.${vm.status}`)}` : ''}
            </span>
          </li>
        );
      }}
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} size="small" label={known.get(id)?.name ?? id} {...chip} />;
        })
      }
      loading={vms.isFetching}
      loadingText={t('singleVM.searching')}
      noOptionsText={t('singleVM.noVms')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('singleVM.pick')}
          helperText={t('singleVM.pickHint', { count: max, total: vms.data?.total ?? 0 })}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'metric-vm-search', maxLength: 64 },
          }}
        />
      )}
      data-testid="metric-vm-picker"
    />
  );
}
