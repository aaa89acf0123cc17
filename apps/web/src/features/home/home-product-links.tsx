import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { PageWidth } from '../../components/page-width';
import { belowTheFold } from '../../components/below-the-fold';
import { NEW_TAB, PRODUCT_LINKS } from '../../lib/site-config';
import { HomeSectionHeading } from './home-section-heading';

/** "More services": the operator's two other products, each a card leading to its own site. */
export function HomeProductLinks() {
  const { t } = useTranslation(['portal', 'common']);
  return (
    <PageWidth
      component="section"
      aria-labelledby="product-links-title"
      sx={{ py: { xs: 5, md: 7 }, ...belowTheFold(420) }}
    >
      <HomeSectionHeading
        id="product-links-title"
        title={t('productLinks.label')}
        subtitle={t('productLinks.subtitle')}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {PRODUCT_LINKS.map((link) => {
          const name = t(`productLinks.${link.id}.name`);
          return (
            <Paper
              key={link.id}
              variant="outlined"
              sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}
            >
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                {name}
              </Typography>
              <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
                {t(`productLinks.${link.id}.description`)}
              </Typography>
              <Box>
                <Button
                  variant="outlined"
                  href={link.href}
                  {...NEW_TAB}
                  endIcon={<OpenInNew />}
                  aria-label={`${t('productLinks.visit', { name })} (${t('common:opensNewWindow')})`}
                  data-testid={`home-product-${link.id}`}
                >
                  {t('productLinks.visit', { name })}
                </Button>
              </Box>
            </Paper>
          );
        })}
      </Box>
    </PageWidth>
  );
}
