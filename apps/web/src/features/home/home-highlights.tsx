import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SupportAgent from '@mui/icons-material/SupportAgent';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Speed from '@mui/icons-material/Speed';
import { useTranslation } from 'react-i18next';
import { PageWidth } from '../../components/page-width';
import { belowTheFold } from '../../components/below-the-fold';

const HIGHLIGHTS = [
  { id: 'local', Icon: Speed },
  { id: 'certified', Icon: VerifiedUser },
  { id: 'support', Icon: SupportAgent },
] as const;

/** Three reasons to choose the service, under the banner. */
export function HomeHighlights() {
  const { t } = useTranslation('home');
  return (
    <PageWidth
      component="section"
      aria-label={t('highlights.label')}
      sx={{ py: { xs: 5, md: 7 }, ...belowTheFold(600) }}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {HIGHLIGHTS.map(({ id, Icon }) => (
          <Box key={id} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box
              sx={{
                p: 1.25,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'flex',
              }}
            >
              <Icon />
            </Box>
            <Box>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {t(`highlights.${id}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`highlights.${id}.body`)}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </PageWidth>
  );
}
