import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import YouTube from '@mui/icons-material/YouTube';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getRoute, routePath } from '@portal/shared';
import { PageWidth } from '../../../components/page-width';
import { NEW_TAB, PHONE_LINES, PRODUCT_LINKS, SITE_LINKS, SOCIAL_LINKS } from '../../../lib/site-config';
import { belowTheFold } from '../../../components/below-the-fold';

const SOCIAL_ICONS = { facebook: Facebook, youtube: YouTube, linkedin: LinkedIn, instagram: Instagram };

/** Legal and info pages, in footer order; the security policy is a PDF on the operator's site. */
const FOOTER_LINKS = [
  { id: 'webMap' },
  { id: 'privacyRightDeclare' },
  { id: 'personalProfileProtect' },
  { id: 'cookiePolicy' },
  { id: 'fraudPrevent' },
  { id: 'copyrightDeclare' },
  { id: 'securityPolicy', href: SITE_LINKS.securityPolicyPdf },
  { id: 'cloudDeclare' },
] as const;

// Plain anchors styled here rather than MUI Link: one component less on the first visit to Home.
const linkSx = {
  color: 'grey.300',
  fontSize: '0.875rem',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { color: '#fff', textDecoration: 'underline' },
} as const;

export function PortalFooter() {
  const { t, i18n } = useTranslation('portal');
  // A page the route table limits to other languages (fraud prevention is zh-TW only) is hidden.
  const links = FOOTER_LINKS.filter((link) => {
    if ('href' in link) return true;
    const languages = getRoute(link.id).languages;
    return !languages || languages.includes(i18n.language);
  });

  return (
    <Box
      component="footer"
      sx={[
        { bgcolor: '#2b2d31', color: 'grey.300', pt: 5, pb: 3, ...belowTheFold(520) },
        // On a dark page the footer sinks below it instead of rising out of it.
        (theme) => theme.applyStyles('dark', { bgcolor: '#0b0c0e', borderTop: 1, borderColor: 'divider' }),
      ]}
      data-testid="portal-footer"
    >
      <PageWidth>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '1.2fr 2fr auto' },
            alignItems: 'start',
          }}
        >
          <Box component="address" sx={{ fontStyle: 'normal' }}>
            <Typography sx={{ color: '#fff', fontWeight: 700, mb: 1 }}>{t('footer.company')}</Typography>
            <Typography variant="body2">{t('footer.address')}</Typography>
            {PHONE_LINES.map((line) => (
              <Typography variant="body2" key={line.id}>
                {t(`footer.phone.${line.id}`)}{' '}
                <Box component="a" href={`tel:${line.number.replace(/[^+\d]/g, '')}`} sx={linkSx}>
                  {line.number}
                </Box>
              </Typography>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            <Box component="nav" aria-label={t('productLinks.label')}>
              <Typography sx={{ color: '#fff', fontWeight: 700, mb: 1 }}>
                {t('productLinks.label')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.25 }}>
                {PRODUCT_LINKS.map((link) => (
                  <Box
                    component="a"
                    key={link.id}
                    href={link.href}
                    {...NEW_TAB}
                    sx={linkSx}
                    data-testid={`footer-product-${link.id}`}
                  >
                    {t(`productLinks.${link.id}.name`)}
                  </Box>
                ))}
              </Box>
            </Box>
            <Box
              component="nav"
              aria-label={t('footer.linksLabel')}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
                gap: 1.25,
              }}
            >
              {links.map((link) =>
                'href' in link ? (
                  <Box component="a" key={link.id} href={link.href} {...NEW_TAB} sx={linkSx}>
                    {t(`footer.links.${link.id}`)}
                  </Box>
                ) : (
                  <Box
                    component={Link}
                    key={link.id}
                    to={routePath(link.id)}
                    sx={linkSx}
                    data-testid={`footer-${link.id}`}
                  >
                    {t(`footer.links.${link.id}`)}
                  </Box>
                ),
              )}
            </Box>
          </Box>
          <Box
            component="ul"
            aria-label={t('footer.socialLabel')}
            sx={{ display: 'flex', gap: 1, listStyle: 'none', m: 0, p: 0 }}
          >
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.id];
              return (
                <li key={social.id}>
                  <IconButton
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(`footer.social.${social.id}`)}
                    sx={{
                      color: 'grey.300',
                      border: 1,
                      borderColor: 'grey.700',
                      '&:hover': { color: '#fff' },
                    }}
                  >
                    <Icon fontSize="small" />
                  </IconButton>
                </li>
              );
            })}
          </Box>
        </Box>
        <Box sx={{ borderTop: 1, borderColor: 'grey.800', my: 3 }} />
        <Typography variant="caption" component="p" sx={{ textAlign: 'center', color: 'grey.400' }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </PageWidth>
    </Box>
  );
}
