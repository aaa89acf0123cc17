import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import heroNetwork from '../../assets/hero-network.svg';
import { PageWidth } from '../../components/page-width';
import { useIsLoggedIn } from '../../lib/session/use-session';

// The banner keeps the brand's orange in both schemes, so its white buttons keep the light
// scheme's dark orange text (9.6:1; the dark scheme's primary.dark would be 3.6:1 on white).
const ctaSx = { bgcolor: '#fff', color: '#9a3412', '&:hover': { bgcolor: 'grey.100' } } as const;

/** The way in: the main one filled, in white on the banner. */
const SIGNED_IN_CTAS = [{ id: 'console', to: '/dashboard', label: 'banner.toConsole', main: true }] as const;
const GUEST_CTAS = [
  { id: 'register', to: '/register', label: 'banner.register', main: true },
  { id: 'login', to: '/login', label: 'banner.signIn', main: false },
] as const;

/** The headline and the way in: register or sign in, or straight to the console when signed in. */
export function HomeBanner() {
  const { t } = useTranslation('home');
  const loggedIn = useIsLoggedIn();
  return (
    <Box
      component="section"
      aria-labelledby="home-headline"
      sx={{
        color: '#fff',
        background: 'linear-gradient(125deg, #7c2d12 0%, #b93c0b 45%, #ea580c 100%)',
        py: { xs: 7, md: 12 },
      }}
    >
      <PageWidth
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          gap: 4,
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography variant="overline" sx={{ letterSpacing: 2, opacity: 0.9 }}>
            {t('banner.eyebrow')}
          </Typography>
          <Typography
            id="home-headline"
            variant="h3"
            component="h1"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '2rem', md: '2.75rem' },
              lineHeight: 1.25,
              mb: 2,
              textWrap: 'balance',
            }}
          >
            {t('banner.headline')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1rem', md: '1.2rem' }, opacity: 0.95, mb: 4 }}>
            {t('banner.body')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
            {(loggedIn ? SIGNED_IN_CTAS : GUEST_CTAS).map((cta) => (
              <Button
                key={cta.id}
                size="large"
                variant={cta.main ? 'contained' : 'outlined'}
                color="inherit"
                component={Link}
                to={cta.to}
                sx={cta.main ? ctaSx : undefined}
                data-testid={`home-cta-${cta.id}`}
              >
                {t(cta.label)}
              </Button>
            ))}
          </Box>
        </Box>
        <Box
          component="img"
          src={heroNetwork}
          alt=""
          sx={{ display: { xs: 'none', md: 'block' }, width: '100%', maxWidth: 440, justifySelf: 'end' }}
        />
      </PageWidth>
    </Box>
  );
}
