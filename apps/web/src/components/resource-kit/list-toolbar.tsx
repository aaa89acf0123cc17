import { type ReactNode, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Search from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import {
  type AnyList,
  type FilterOption,
  type KitFilter,
  type RangeFilter,
  type SelectFilter,
  type TextFilter,
  columnLabel,
} from '../../lib/resource-kit/definition';
import type { ListControls } from '../../lib/resource-kit/use-list-state';
import { useEventCallback } from '../../lib/use-event-callback';
import { DownloadButton } from '../download-button';
import { DateRangeFields } from '../form/date-range-fields';

const TYPING_DELAY_MS = 300;
const noOptions = (): FilterOption[] => [];
/** A field of the bar: side by side on a phone where two fit, its own width from sm up. */
const FIELD_SX = { minWidth: 160, flex: { xs: '1 1 160px', sm: '0 0 auto' } } as const;
/** The two ends of a range keep together: side by side where they fit, each a line on a phone if not. */
const RANGE_PAIR_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1.5,
  flex: { xs: '1 1 100%', sm: '0 0 auto' },
};
const RANGE_SX = {
  date: { flex: { xs: '1 1 140px', sm: '0 0 160px' } },
  'datetime-local': { flex: { xs: '1 1 180px', sm: '0 0 210px' } },
} as const;

/**
 * Text held while it is typed and handed on after a pause (a search, part of an id); a change
 * from outside (Back, a link in a row) shows at once.
 */
function useTyped(value: string, commit: (typed: string) => void) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const send = useEventCallback(commit);
  useEffect(() => {
    if (typed === value) return;
    const timer = setTimeout(() => send(typed), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value, send]);
  return [typed, setTyped] as const;
}

/**
 * A choice filter as a field or tabs show it: its words, its options (fixed, or loaded by its
 * hook, called on every render of its component; what the address filters by shows even when no
 * option names it, an older record's type), the empty choice's label (null: none, and then the
 * first option stands for an empty filter), the value shown, and the value a choice sets (the
 * first option empties the filter, so a plain list keeps a plain address).
 */
function useChoice(def: AnyList, filter: SelectFilter, value: string, onChange: (value: string) => void) {
  const { t } = useTranslation([def.namespace, 'resource', 'enums']);
  const useOptions = filter.useOptions ?? noOptions;
  const loaded = useOptions();
  const declared = filter.options ? filter.options(t) : loaded;
  const options =
    value && !declared.some((o) => o.value === value) ? [...declared, { value, label: value }] : declared;
  const all = filter.all === false ? null : t(filter.all ?? 'resource:list.allValues');
  const first = options[0]?.value ?? '';
  return {
    t,
    options,
    all,
    shown: all === null && !value ? first : value,
    choose: (chosen: string) => onChange(all === null && chosen === first ? '' : chosen),
  };
}

interface FieldProps<F> {
  def: AnyList;
  filter: F;
  value: string;
  onChange: (value: string) => void;
}

function SelectField({ def, filter, value, onChange }: FieldProps<SelectFilter>) {
  const { t, options, all, shown, choose } = useChoice(def, filter, value, onChange);
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={t(columnLabel(filter))}
      value={shown}
      onChange={(e) => choose(e.target.value)}
      sx={FIELD_SX}
      slotProps={{
        select: {
          displayEmpty: true,
          // On the box people click (journeys open the menu by it).
          SelectDisplayProps: { 'data-testid': filter.testId ?? `${def.name}-filter-${filter.id}` } as object,
        },
        inputLabel: { shrink: true },
      }}
    >
      {all !== null && <MenuItem value="">{all}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} data-testid={`${def.name}-${filter.id}-option-${o.value}`}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function TabsField({ def, filter, value, onChange }: FieldProps<SelectFilter>) {
  const { t, options, all, shown, choose } = useChoice(def, filter, value, onChange);
  return (
    <Tabs
      value={shown}
      onChange={(_, next: string) => choose(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t(columnLabel(filter))}
      sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {all !== null && <Tab value="" label={all} data-testid={`${def.name}-tab-all`} />}
      {options.map((o) => (
        <Tab key={o.value} value={o.value} label={o.label} data-testid={`${def.name}-tab-${o.value}`} />
      ))}
    </Tabs>
  );
}

function TextFilterField({ def, filter, value, onChange }: FieldProps<TextFilter>) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const [typed, setTyped] = useTyped(value, onChange);
  return (
    <TextField
      size="small"
      fullWidth={false}
      label={t(columnLabel(filter))}
      placeholder={filter.placeholder ? t(filter.placeholder) : undefined}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      sx={{ ...FIELD_SX, minWidth: 200 }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': filter.testId ?? `${def.name}-filter-${filter.id}`, maxLength: 64 },
      }}
    />
  );
}

function RangeFields({
  def,
  filter,
  from,
  to,
  onChange,
}: {
  def: AnyList;
  filter: RangeFilter;
  from: string;
  to: string;
  onChange: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation([def.namespace, 'resource']);
  return (
    <Box sx={RANGE_PAIR_SX}>
      <DateRangeFields
        type={filter.type}
        from={from}
        to={to}
        labels={{ from: t(filter.labels.from), to: t(filter.labels.to) }}
        onFromChange={(value) => onChange({ from: value })}
        onToChange={(value) => onChange({ to: value })}
        testIdPrefix={filter.testId ?? `${def.name}-filter`}
        sx={RANGE_SX[filter.type]}
      />
    </Box>
  );
}

function SearchField({ def, controls }: { def: AnyList; controls: ListControls }) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const { state, setState } = controls;
  const [typed, setTyped] = useTyped(state.search, (search) =>
    setState({ ...state, search, page: 0 }, { replace: true }),
  );
  const label =
    typeof def.search === 'object'
      ? t(def.search.label)
      : t('list.search', { defaultValue: t('resource:list.search') });
  return (
    <TextField
      size="small"
      fullWidth={false}
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      placeholder={label}
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'aria-label': label, 'data-testid': `${def.name}-search`, maxLength: 64 },
      }}
    />
  );
}

/** One filter of the bar, by its kind. */
function FilterField({ def, filter, controls }: { def: AnyList; filter: KitFilter; controls: ListControls }) {
  const values = controls.state.filters;
  const set = (value: string) => controls.filter({ [filter.id]: value });
  if (filter.kind === 'range')
    return (
      <RangeFields
        def={def}
        filter={filter}
        from={values.from ?? ''}
        to={values.to ?? ''}
        onChange={(next) => controls.filter(next)}
      />
    );
  if (filter.kind === 'text')
    return <TextFilterField def={def} filter={filter} value={values[filter.id] ?? ''} onChange={set} />;
  if (filter.kind === 'tabs') return null;
  return <SelectField def={def} filter={filter} value={values[filter.id] ?? ''} onChange={set} />;
}

/**
 * The filter bar of every list: tabs over it (a filter declared `tabs`), the search, the filters
 * (choices, text, a range of days or times), the list's own buttons and the export. A new filter
 * starts again from the first page; typed text is sent a moment after typing stops.
 */
export function ListToolbar({
  def,
  controls,
  hidden,
  exportAll,
  children,
}: {
  def: AnyList;
  controls: ListControls;
  /** Filters fixed by the page around the list (a VM's disks) are not offered. */
  hidden: ReadonlySet<string>;
  /** "Export CSV" of every page, when the list offers it. */
  exportAll?: { download: () => Promise<void>; testId?: string };
  /** The list's own actions (attach a disk here). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('resource');
  const filters = (def.filters ?? []).filter(
    (f) => !hidden.has(f.id) && !(f.hiddenWhenFixed && hidden.has(f.hiddenWhenFixed)),
  );
  const tabs = filters.filter((f): f is SelectFilter => f.kind === 'tabs');
  const fields = filters.filter((f) => f.kind !== 'tabs');
  const bar = def.search || fields.length > 0 || exportAll || children;
  return (
    <>
      {tabs.map((filter) => (
        <TabsField
          key={filter.id}
          def={def}
          filter={filter}
          value={controls.state.filters[filter.id] ?? ''}
          onChange={(value) => controls.filter({ [filter.id]: value })}
        />
      ))}
      {bar && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 2, pb: 1, alignItems: 'center' }}
          data-testid={`${def.name}-filters`}
        >
          {def.search && <SearchField def={def} controls={controls} />}
          {fields.map((filter) => (
            <FilterField key={filter.id} def={def} filter={filter} controls={controls} />
          ))}
          {/* Pushes the list's buttons to the end of a wide bar; a phone's fields keep the whole line. */}
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
          {children}
          {exportAll && (
            <DownloadButton
              size="small"
              color="secondary"
              download={exportAll.download}
              testId={exportAll.testId ?? `${def.name}-export`}
            >
              {t('list.export')}
            </DownloadButton>
          )}
        </Box>
      )}
    </>
  );
}
