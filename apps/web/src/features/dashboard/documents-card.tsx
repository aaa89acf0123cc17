import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../lib/api/api-client';
import { SITE_LINKS } from '../../lib/site-config';
import { SectionPanel } from '../../components/section-panel';

/** The API reference this server serves, and the operator's documents, pricing and contact pages. */
const DOCUMENTS = [
  { id: 'apiDocs', href: `${API_BASE}/docs` },
  { id: 'documents', href: SITE_LINKS.documents },
  { id: 'pricing', href: SITE_LINKS.pricing },
  { id: 'contactUs', href: SITE_LINKS.contactUs },
] as const;

export function DocumentsCard() {
  const { t } = useTranslation('dashboard');
  return (
    <SectionPanel title={t('documents.title')} testId="dashboard-documents">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {DOCUMENTS.map((doc) => (
          <Box key={doc.id} sx={{ minWidth: 0 }}>
            <Link
              href={doc.href}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
              data-testid={`dashboard-doc-${doc.id}`}
            >
              {t(`documents.${doc.id}`)}
              <OpenInNew sx={{ fontSize: 16 }} />
            </Link>
            <Typography variant="body2" color="text.secondary">
              {t(`documents.${doc.id}Hint`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionPanel>
  );
}
