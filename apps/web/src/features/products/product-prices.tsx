import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PriceItem } from '@portal/shared';
import { formatUnitPrice } from './price-format';

/** The product's lines of the price list: the same figures the console's estimates use. */
export function ProductPrices({ prices, english }: { prices: PriceItem[]; english: boolean }) {
  const { t } = useTranslation('products');
  return (
    <>
      <Paper variant="outlined" sx={{ overflowX: 'auto', maxWidth: 820 }}>
        <Table data-testid="product-prices" aria-label={t('price.caption')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{t('price.columns.item')}</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>{t('price.columns.unit')}</TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                {t('price.columns.price')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {prices.map((p) => (
              <TableRow key={p.code} data-testid={`price-${p.code}`}>
                <TableCell component="th" scope="row">
                  {english ? p.nameE : p.nameC}
                </TableCell>
                <TableCell>{t(`price.units.${p.unit}`)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {t('price.amount', { currency: p.currency, amount: formatUnitPrice(p.unitPrice) })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 820 }}>
        {t('price.note')}
      </Typography>
    </>
  );
}
