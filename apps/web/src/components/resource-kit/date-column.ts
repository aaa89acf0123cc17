import { formatDateTime } from '../../lib/format/date-time';
import type { KitColumn } from '../../lib/resource-kit/definition';

/** The fields of a row that hold a date (an ISO string, or null when there is none yet). */
type DateField<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

/** A date column named after its field: sortable, on one line, its CSV text the ISO date. */
export const dateColumn = <T>(id: DateField<T>, column?: Partial<KitColumn<T>>): KitColumn<T> => ({
  id,
  sortable: true,
  nowrap: true,
  cell: (row, { language }) => formatDateTime(row[id] as string | null, language),
  text: (row) => (row[id] as string | null) ?? '',
  ...column,
});
