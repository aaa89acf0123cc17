import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type Vm, canConvertVmToAnnual } from '@portal/shared';
import type { ResourceColumn, TableQuery } from '../../components/resource-table/resource-column';
import { ResourceTable } from '../../components/resource-table/resource-table';
import { formatMoney } from '../../lib/format/money';
import { toI18nKey } from '../../lib/i18n/message-key';
import { useOnDemandVms } from './order-api';

const PAGE = DEFAULT_PAGE_SIZE;

/**
 * The tenant's on-demand VMs to choose from, a page at a time, searched on the server (a tenant
 * may have thousands). A VM that cannot be converted now (in error, being changed) shows why.
 */
export function OrderVmPicker({ selected, onSelect }: { selected: Vm | null; onSelect: (vm: Vm) => void }) {
  const { t } = useTranslation(['order', 'enums', 'apiError']);
  const [query, setQuery] = useState<TableQuery>({ page: 0, limit: PAGE });
  const [search, setSearch] = useState('');
  const vms = useOnDemandVms(query, search.trim());
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const columns = useMemo<ResourceColumn<Vm>[]>(() => {
    const choose = (vm: Vm) => {
      const rule = canConvertVmToAnnual(vm);
      return (
        <Radio
          size="small"
          checked={selected?.uuid === vm.uuid}
          disabled={rule !== true}
          onChange={() => onSelect(vm)}
          slotProps={{ input: { 'aria-label': vm.name, 'data-testid': `order-vm-${vm.name}` } as object }}
        />
      );
    };
    const name = (vm: Vm) => {
      const rule = canConvertVmToAnnual(vm);
      return (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {vm.name}
          </Typography>
          <Typography variant="caption" color={rule === true ? 'text.secondary' : 'warning.main'}>
            {rule === true
              ? `${t('values.spec', { cpu: vm.cpuCore, ram: vm.ramSize })} · ${t(`enums:vmStatus.${vm.status}`)}`
              : t(toI18nKey(`apiError.${rule}`))}
          </Typography>
        </Box>
      );
    };
    const onDemand = (vm: Vm) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {t('values.perMonth', { amount: formatMoney(vm.monthlyPrice) })}
      </Box>
    );
    return [
      { id: 'choose', header: '', width: 48, cell: choose },
      { id: 'name', header: t('fields.vm'), cell: name },
      ...(phone
        ? []
        : [
            { id: 'templateOSName', header: t('fields.os') },
            {
              id: 'monthlyPrice',
              header: t('fields.onDemandMonthly'),
              align: 'right' as const,
              cell: onDemand,
            },
          ]),
    ];
  }, [t, selected, onSelect, phone]);

  return (
    <Box data-testid="order-vm-picker">
      <TextField
        size="small"
        fullWidth
        label={t('create.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setQuery((q) => ({ ...q, page: 0 }));
        }}
        sx={{ mb: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'order-vm-search', maxLength: 64 } }}
      />
      <ResourceTable
        columns={columns}
        rows={vms.data?.records ?? []}
        total={vms.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        getRowId={(vm) => vm.uuid}
        loading={vms.isFetching}
        emptyText={t('create.noVms')}
        data-testid="order-vm-table"
      />
    </Box>
  );
}
