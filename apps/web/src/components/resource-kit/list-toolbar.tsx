import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Download from '@mui/icons-material/Download';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import {
  type AnyResource,
  type FilterOption,
  type KitFilter,
  columnLabel,
} from '../../lib/resource-kit/definition';
import type { ListState } from '../../lib/resource-kit/list-state';
import type { SetListState } from '../../lib/resource-kit/use-list-state';

const SEARCH_DELAY_MS = 300;
const noOptions = (): FilterOption[] => [];

function FilterSelect({
  def,
  filter,
  value,
  onChange,
}: {
  def: AnyResource;
  filter: KitFilter;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation([def.namespace, 'resource', 'enums']);
  // Declared once per filter, so the same hook runs on every render of this component.
  const useOptions = filter.useOptions ?? noOptions;
  const loaded = useOptions();
  const options = filter.options ? filter.options(t) : loaded;
  const label = t(columnLabel(filter));
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 140, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      slotProps={{ htmlInput: { 'data-testid': `${def.name}-filter-${filter.id}` } }}
    >
      <MenuItem value="">{t('resource:list.allValues')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Search, filters and export of a list; the search waits for a pause in typing. */
export function ListToolbar({
  def,
  state,
  setState,
  hidden,
  onExport,
  exporting,
  children,
}: {
  def: AnyResource;
  state: ListState;
  setState: SetListState;
  /** Filters fixed by the page around the list (a VM's disks) are not offered. */
  hidden: ReadonlySet<string>;
  onExport: () => void;
  exporting: boolean;
  /** The list's own actions (attach a disk here). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const [search, setSearch] = useState(state.search);
  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(
      () => setState({ ...state, search, page: 0 }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, state, setState]);

  const filters = (def.filters ?? []).filter(
    (f) => !hidden.has(f.id) && !(f.hiddenWhenFixed && hidden.has(f.hiddenWhenFixed)),
  );
  const searchLabel = t('list.search', { defaultValue: t('resource:list.search') });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, pb: 1, alignItems: 'center' }}>
      {def.search && (
        <TextField
          size="small"
          fullWidth={false}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={searchLabel}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': searchLabel, 'data-testid': `${def.name}-search`, maxLength: 64 },
          }}
        />
      )}
      {filters.map((filter) => (
        <FilterSelect
          key={filter.id}
          def={def}
          filter={filter}
          value={state.filters[filter.id] ?? ''}
          onChange={(value) => {
            const next = { ...state.filters, [filter.id]: value };
            if (!value) delete next[filter.id];
            setState({ ...state, filters: next, page: 0 });
          }}
        />
      ))}
      <Box sx={{ flex: 1 }} />
      {children}
      <Button
        size="small"
        color="secondary"
        variant="outlined"
        startIcon={<Download />}
        onClick={onExport}
        disabled={exporting}
        data-testid={`${def.name}-export`}
      >
        {t('resource:list.export')}
      </Button>
    </Box>
  );
}
