import Container from '@mui/material/Container';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@portal/shared';

/** What the portal stores in the browser, and why; it matches what the code stores. */
const STORED_ITEMS = [
  { key: STORAGE_KEYS.token, id: 'token' },
  { key: STORAGE_KEYS.language, id: 'language' },
  { key: STORAGE_KEYS.cookieApprove, id: 'cookieApprove' },
] as const;

export default function CookiePolicyPage() {
  const { t } = useTranslation('cookiePolicy');
  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('stored.title')}
      </Typography>
      <Table size="small" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('stored.columns.name')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{t('stored.columns.purpose')}</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>{t('stored.columns.lifetime')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {STORED_ITEMS.map((item) => (
            <TableRow key={item.key}>
              <TableCell>
                <code>{item.key}</code>
              </TableCell>
              <TableCell>{t(`stored.items.${item.id}.purpose`)}</TableCell>
              <TableCell>{t(`stored.items.${item.id}.lifetime`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('thirdParty.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('thirdParty.body')}</Typography>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('choices.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('choices.body')}</Typography>
    </Container>
  );
}
