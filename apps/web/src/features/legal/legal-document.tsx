import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageWidth } from '../../components/page-width';
import { readLegalDocument } from './legal-content';

/**
 * A legal or information page whose words are one locale namespace of its own (so they load only
 * when the page opens): a title, the date of the text, an introduction, then numbered sections of
 * paragraphs and lists. The contents box jumps to a section without touching the hash route.
 */
export function LegalDocument({ namespace }: { namespace: string }) {
  const { t } = useTranslation(namespace);
  const doc = readLegalDocument(t);
  const sectionId = (i: number) => `${namespace}-section-${i + 1}`;

  return (
    <PageWidth max="md" component="article" sx={{ py: { xs: 4, md: 6 } }} data-testid={`legal-${namespace}`}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {doc.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {doc.updated}
      </Typography>
      {doc.intro.map((text, i) => (
        <Typography key={i} sx={{ mb: 2, lineHeight: 1.8 }}>
          {text}
        </Typography>
      ))}
      {doc.sections.length > 3 && (
        <Paper
          component="nav"
          variant="outlined"
          aria-label={doc.contents}
          sx={{ p: 2.5, my: 3, bgcolor: 'action.hover' }}
        >
          <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {doc.contents}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 }, columnGap: 4 }}>
            {doc.sections.map((section, i) => (
              <li key={i}>
                <Box
                  component="button"
                  type="button"
                  onClick={() =>
                    document.getElementById(sectionId(i))?.scrollIntoView({ behavior: 'smooth' })
                  }
                  sx={{
                    all: 'unset',
                    cursor: 'pointer',
                    color: 'primary.dark',
                    lineHeight: 1.9,
                    '&:hover, &:focus-visible': { textDecoration: 'underline' },
                    '&:focus-visible': { outline: '2px solid', outlineOffset: 2 },
                  }}
                >
                  {section.heading}
                </Box>
              </li>
            ))}
          </Box>
        </Paper>
      )}
      {doc.sections.map((section, i) => (
        <Box component="section" key={i} aria-labelledby={sectionId(i)} sx={{ mt: 4 }}>
          <Typography
            id={sectionId(i)}
            variant="h6"
            component="h2"
            sx={{ fontWeight: 700, mb: 1.5, scrollMarginTop: 16 }}
          >
            {`${i + 1}. ${section.heading}`}
          </Typography>
          {section.paragraphs.map((text, j) => (
            <Typography key={j} sx={{ mb: 1.5, lineHeight: 1.8 }}>
              {text}
            </Typography>
          ))}
          {section.items.length > 0 && (
            <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75, lineHeight: 1.7 } }}>
              {section.items.map((text, j) => (
                <li key={j}>{text}</li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </PageWidth>
  );
}
