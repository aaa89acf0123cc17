import type { CSSProperties, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CellContext, KitColumn } from '../../lib/resource-kit/definition';
import { RowLink } from './row-link';
import { RowMeta } from './row-meta';

type CaptionItem = string | null | undefined | false;

export interface NameColumnSpec<T> extends Omit<KitColumn<T>, 'cell' | 'text' | 'phone'> {
  /** The row's name, as the cell shows it and the CSV has it. */
  name: (row: T) => string;
  /** The row's own page: the name links there (`testId` on the link). */
  link?: (row: T) => { to: string; testId?: string };
  /**
   * How a name that links nowhere is set besides bold: it breaks between words unless this says
   * otherwise (monospace keys, tabular ids).
   */
  nameStyle?: CSSProperties;
  nameTestId?: (row: T) => string;
  /** Marks beside the name: an annual contract, the default rule, a change under way. */
  beside?: (row: T, ctx: CellContext) => ReactNode;
  /**
   * The facts under the name (RowMeta). A phone hides every column but the name and the status, so
   * what they showed comes here on a phone (`phone && ...`, an item or the whole list).
   */
  caption?: (row: T, ctx: CellContext) => readonly CaptionItem[] | false;
  /** What stands under the facts: the cloud's reason, an endpoint, a date a hidden column showed. */
  below?: (row: T, ctx: CellContext) => ReactNode;
}

/**
 * The name column of a resource list, kept on a phone: the name (a link to the row's page, or bold
 * text), its marks, and under it the row's facts, with on a phone those of the columns it hides.
 */
export function nameColumn<T>({
  name,
  link,
  nameStyle,
  nameTestId,
  beside,
  caption,
  below,
  ...column
}: NameColumnSpec<T>): KitColumn<T> {
  return {
    ...column,
    phone: true,
    cell: (row, ctx) => {
      const to = link?.(row);
      const items = caption?.(row, ctx);
      return (
        <Box sx={{ minWidth: 0 }}>
          {to ? (
            <RowLink to={to.to} testId={to.testId}>
              {name(row)}
            </RowLink>
          ) : (
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, ...(nameStyle ?? { wordBreak: 'break-word' }) }}
              data-testid={nameTestId?.(row)}
            >
              {name(row)}
            </Typography>
          )}
          {beside?.(row, ctx)}
          {items && <RowMeta items={items} />}
          {below?.(row, ctx)}
        </Box>
      );
    },
    text: (row) => name(row),
  };
}
