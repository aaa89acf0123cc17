import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClientInfo } from '@portal/shared';

/** The account facts that only customer service changes. */
export function AccountSummary({ info }: { info: ClientInfo }) {
  const { t } = useTranslation('myInfo');
  const rows = [
    ['clientNumber', info.clientNumber],
    ['companyName', info.companyName],
    ['account', info.account],
    ['email', info.email || t('empty')],
    ['kind', t(info.isRoot ? 'kinds.root' : 'kinds.iam')],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
        gap: { xs: 0.5, sm: 1.5 },
        m: 0,
      }}
    >
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {t(`fields.${key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}
            data-testid={`my-info-${key}`}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
