import type { ReactNode } from 'react';

/** One column of a resource list, declared as data (ARCHITECTURE: resources declared as data). */
export interface ResourceColumn<T> {
  /** The field shown and, for sortable columns, the `sort` value sent to the server. */
  id: string;
  header: ReactNode;
  /** How a row shows in this column; the field's text by default. */
  cell?: (row: T) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

/** Server-side paging and sorting state (spec section 7: page, limit, sort, orderby). */
export interface TableQuery {
  page: number;
  /** 0 means every row ("all"). */
  limit: number;
  sort?: string;
  orderby?: 'asc' | 'desc';
}
