import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { PageWidth } from '../../components/page-width';
import { SOLUTIONS } from '../../lib/site-config';
import { belowTheFold } from '../../components/below-the-fold';
import { VISUALLY_HIDDEN } from '../../components/visually-hidden';
import { HomeSectionHeading } from './home-section-heading';

// A native table styled in one place: Home stays within its download budget without MUI's Table.
const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    px: 2,
    py: 1.75,
    borderBottom: 1,
    borderColor: 'divider',
    textAlign: 'left',
    verticalAlign: 'middle',
  },
  '& thead th': { fontWeight: 700, fontSize: '0.875rem', color: 'text.secondary', bgcolor: 'action.hover' },
  '& tbody tr:last-of-type > *': { borderBottom: 0 },
  '& tbody tr:hover': { bgcolor: 'action.hover' },
  '& .description': { display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' },
} as const;

/** "Explore Our Solutions": one row per solution with a Read More link to its external page. */
export function SolutionTable() {
  const { t } = useTranslation('home');
  return (
    <Box
      component="section"
      aria-labelledby="solutions-title"
      sx={[
        { bgcolor: 'grey.100', py: { xs: 5, md: 8 }, ...belowTheFold(900) },
        (theme) => theme.applyStyles('dark', { bgcolor: 'action.hover' }),
      ]}
    >
      <PageWidth>
        <HomeSectionHeading
          id="solutions-title"
          title={t('solutions.title')}
          subtitle={t('solutions.subtitle')}
        />
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Box component="table" sx={tableSx} data-testid="solution-table">
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ width: { md: '24%' } }}>
                  {t('solutions.columns.solution')}
                </Box>
                <th scope="col" className="description">
                  {t('solutions.columns.description')}
                </th>
                <th scope="col">
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t('solutions.columns.link')}
                  </Box>
                </th>
              </tr>
            </thead>
            <tbody>
              {SOLUTIONS.map((solution) => (
                <tr key={solution.id}>
                  <th scope="row">
                    <Typography sx={{ fontWeight: 700 }}>
                      {t(`solutions.items.${solution.id}.name`)}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: { sm: 'none' }, mt: 0.5 }}
                    >
                      {t(`solutions.items.${solution.id}.description`)}
                    </Typography>
                  </th>
                  <td className="description">{t(`solutions.items.${solution.id}.description`)}</td>
                  <Box component="td" sx={{ textAlign: 'right !important' }}>
                    <Button
                      href={solution.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      endIcon={<ArrowForward />}
                      aria-label={`${t('solutions.readMore')}: ${t(`solutions.items.${solution.id}.name`)}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('solutions.readMore')}
                    </Button>
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Paper>
      </PageWidth>
    </Box>
  );
}
