import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import { PageWidth } from '../../components/page-width';
import { useNewsItem } from './news-api';
import { formatNewsDate, localized } from './news-format';

/** /news/{id}: one news item. */
export default function NewsItemPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('news');
  const item = useNewsItem(id);
  const english = i18n.language === 'en';

  return (
    <PageWidth max="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
      <Button
        component={Link}
        to={routePath('lastestNews')}
        startIcon={<ArrowBack />}
        sx={{ mb: 2, ml: -1 }}
        data-testid="news-back"
      >
        {t('back')}
      </Button>
      {item.isError && <Alert severity="error">{t('notFound')}</Alert>}
      {item.isPending && (
        <>
          <Skeleton width="25%" />
          <Skeleton height={48} />
          <Skeleton />
          <Skeleton />
        </>
      )}
      {item.data && (
        <>
          <Typography
            variant="body2"
            color="text.secondary"
            component="time"
            dateTime={item.data.publishedAt}
          >
            {formatNewsDate(item.data.publishedAt, i18n.language)}
          </Typography>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontWeight: 700, mt: 0.5, mb: 2 }}
            data-testid="news-title"
          >
            {localized(item.data, i18n.language).title}
          </Typography>
          <Typography sx={{ fontSize: '1.1rem', color: 'text.secondary', mb: 3 }}>
            {localized(item.data, i18n.language).summary}
          </Typography>
          <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}>
            {(english ? item.data.bodyE : item.data.bodyC).map((paragraph, i) => (
              <Typography key={i} sx={{ mb: 2, lineHeight: 1.8 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </PageWidth>
  );
}
