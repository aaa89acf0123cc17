import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { UsageLine, UsageReport } from '@portal/shared';
import type { CellContext, ListDefinition } from '../../lib/resource-kit/definition';
import { formatMoney } from '../../lib/format/money';
import { codeKey, formatQuantity, priceName } from '../../lib/format/usage';
import { usageLines } from './usage-csv';

/** A price code as the reader knows it: the price list's name, else the portal's word for it. */
export const usageCodeName =
  (prices: UsageReport['prices'], t: TFunction, language: string) =>
  (code: string): string =>
    priceName(code, prices, language) ?? t(`usage:codes.${codeKey(code)}`, { defaultValue: code });

/** The report's first column: the kind, the resource's name and what sets the line apart. */
function ResourceCell({ line, item, t }: { line: UsageLine; item?: string; t: TFunction }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t(`kinds.${line.kind}`)}
        {line.detail ? ` · ${line.detail}` : ''}
      </Typography>
      {item && (
        <Typography variant="caption" color="text.secondary" component="div">
          {item}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A month's usage lines as the kit's list (route usageReport): sorted on the server, the price
 * codes named from the month's price list; on a phone the resource with its item under it, the
 * quantity and the amount.
 */
export function usageList(prices: UsageReport['prices']): ListDefinition<UsageLine> {
  const item = (l: UsageLine, { t, language }: CellContext) => usageCodeName(prices, t, language)(l.code);
  return {
    ...usageLines,
    columns: [
      {
        id: 'name',
        label: 'table.resource',
        sortable: true,
        phone: true,
        cell: (l, ctx) => <ResourceCell line={l} item={ctx.phone ? item(l, ctx) : undefined} t={ctx.t} />,
      },
      { id: 'code', label: 'table.item', sortable: true, cell: item },
      {
        id: 'quantity',
        label: 'table.quantity',
        align: 'right',
        sortable: true,
        phone: true,
        nowrap: true,
        cell: (l, { t, language }) =>
          t(`units.${l.unit}`, { quantity: formatQuantity(l.quantity, language) }),
      },
      { id: 'hours', label: 'table.hours', align: 'right' },
      {
        id: 'amount',
        label: 'table.amount',
        phoneLabel: 'table.amountShort',
        align: 'right',
        sortable: true,
        phone: true,
        cell: (l) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(l.amount)}
          </Box>
        ),
      },
    ],
  };
}
