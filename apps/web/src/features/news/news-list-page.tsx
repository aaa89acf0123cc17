import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routePath } from '@portal/shared';
import { PageWidth } from '../../components/page-width';
import { NEWS_PER_PAGE, useNewsPage } from './news-api';
import { formatNewsDate, localized, pageFromSearch } from './news-format';

/** /lastestNews: published news, newest first, paged on the server; the page is in the address. */
export default function NewsListPage() {
  const { t, i18n } = useTranslation('news');
  // useLocation and useNavigate rather than useSearchParams, which would grow the router chunk
  // that Home loads.
  const { search } = useLocation();
  const navigate = useNavigate();
  const page = pageFromSearch(new URLSearchParams(search).get('page'));
  const news = useNewsPage(page);
  const pages = news.data ? Math.max(1, Math.ceil(news.data.total / NEWS_PER_PAGE)) : 1;

  return (
    <PageWidth max="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('subtitle')}
      </Typography>
      {news.isError && <Alert severity="error">{t('failed')}</Alert>}
      {news.data?.records.length === 0 && <Alert severity="info">{t('empty')}</Alert>}
      <Box
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
        data-testid="news-list"
      >
        {news.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <Paper component="li" variant="outlined" key={i} sx={{ p: 2.5 }}>
              <Skeleton width="30%" />
              <Skeleton width="70%" height={32} />
              <Skeleton />
            </Paper>
          ))}
        {news.data?.records.map((item) => {
          const { title, summary } = localized(item, i18n.language);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={item.id}
              sx={{ p: 2.5, '&:hover': { borderColor: 'primary.main' } }}
            >
              <Typography variant="body2" color="text.secondary" component="time" dateTime={item.publishedAt}>
                {formatNewsDate(item.publishedAt, i18n.language)}
              </Typography>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700, my: 0.5 }}>
                <Box
                  component={Link}
                  to={routePath('news', { id: item.id })}
                  sx={{
                    color: 'text.primary',
                    textDecoration: 'none',
                    '&:hover, &:focus-visible': { color: 'primary.dark', textDecoration: 'underline' },
                  }}
                  data-testid={`news-link-${item.id}`}
                >
                  {title}
                </Box>
              </Typography>
              <Typography color="text.secondary">{summary}</Typography>
            </Paper>
          );
        })}
      </Box>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page + 1}
          color="primary"
          onChange={(_, next) => void navigate(next > 1 ? `?page=${next}` : '?')}
          getItemAriaLabel={(type, p) => t(`pagination.${type}`, { page: p })}
          data-testid="news-pagination"
        />
      )}
    </PageWidth>
  );
}
