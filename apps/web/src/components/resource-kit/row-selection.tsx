import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';

interface RowSelection {
  /** The ids of the rows on the page. */
  ids: readonly string[];
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  setSelected: (next: ReadonlySet<string>) => void;
}

const SelectionContext = createContext<RowSelection | null>(null);

function useSelectionContext(): RowSelection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('a selection box outside its list');
  return value;
}

/**
 * The rows a list has selected, held apart from its columns: the boxes read it from here, so
 * ticking one redraws the boxes, not every row, and a new page of data does not make new columns
 * (which would draw every row on screen again).
 */
export function useRowSelection(ids: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const value = useMemo<RowSelection>(
    () => ({
      ids,
      selected,
      setSelected,
      toggle: (id) =>
        setSelected((s) => {
          const next = new Set(s);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [ids, selected],
  );
  const provider = (children: ReactNode) => (
    <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>
  );
  return { selected, setSelected, provider };
}

/** The header's box: ticks every row of the page, or none. */
export function SelectAllBox({ label, testId }: { label: string; testId: string }) {
  const { ids, selected, setSelected } = useSelectionContext();
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = !all && ids.some((id) => selected.has(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={some}
      onChange={() => setSelected(all ? new Set() : new Set(ids))}
      slotProps={{ input: { 'aria-label': label } }}
      data-testid={testId}
    />
  );
}

/** A row's box. */
export function SelectRowBox({ id, label, testId }: { id: string; label: string; testId: string }) {
  const { selected, toggle } = useSelectionContext();
  return (
    <Checkbox
      size="small"
      checked={selected.has(id)}
      onChange={() => toggle(id)}
      slotProps={{ input: { 'aria-label': label, 'data-testid': testId } as object }}
    />
  );
}
