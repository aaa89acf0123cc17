import { useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@portal/shared';
import { LightTabs } from '../../components/light-tabs';
import { startSession } from '../../lib/session/session-actions';
import { IamLoginForm } from './iam-login-form';
import { useLogin } from './login-api';
import { RootLoginForm } from './root-login-form';
import { type TwoFaChallenge, TwoFactorForm } from './two-factor-form';
import { TwoFaLockedAlert, reportSignInError } from './two-fa-lock';

type Kind = 'root' | 'iam';

/** Login: root or IAM credentials, then the two-factor step when the account has it on. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const login = useLogin();
  const [kind, setKind] = useState<Kind>('root');
  const [challenge, setChallenge] = useState<TwoFaChallenge | null>(null);
  const [entering, setEntering] = useState(false);
  // Set by a TWO_FA_LOCKED answer (at the password, the code or a resend): shown until it lifts.
  const [lockedUntil, setLockedUntil] = useState<Date | null>(null);
  const locked = (until: Date) => {
    setLockedUntil(until);
    setChallenge(null);
  };

  const enter = async (token: string) => {
    setEntering(true);
    try {
      await startSession(token);
      navigate('/dashboard', { replace: true });
    } finally {
      setEntering(false);
    }
  };

  const submit = (body: LoginBody) =>
    login.mutate(body, {
      onSuccess: (result) => {
        setLockedUntil(null);
        if ('token' in result) void enter(result.token);
        else setChallenge({ challenge: result.challenge, email: result.email });
      },
      onError: (error) => reportSignInError(error, locked),
    });

  const busy = login.isPending || entering;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t(challenge ? 'twoFactor.title' : 'title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(challenge ? 'twoFactor.subtitle' : 'subtitle')}
        </Typography>
        {challenge ? (
          <TwoFactorForm
            challenge={challenge}
            onVerified={(token) => void enter(token)}
            onRestart={() => setChallenge(null)}
            onLocked={locked}
          />
        ) : (
          <>
            {lockedUntil && <TwoFaLockedAlert until={lockedUntil} />}
            <LightTabs
              idPrefix="login-tab"
              panelId="login-panel"
              label={t('tabs.label')}
              tabs={[
                { value: 'root', label: t('tabs.root'), testId: 'login-tab-root' },
                { value: 'iam', label: t('tabs.iam'), testId: 'login-tab-iam' },
              ]}
              value={kind}
              onChange={setKind}
            />
            <Box id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${kind}`}>
              {kind === 'root' ? (
                <RootLoginForm onSubmit={submit} busy={busy} />
              ) : (
                <IamLoginForm onSubmit={submit} busy={busy} />
              )}
            </Box>
          </>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3, flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgetPassword" data-testid="login-forgot-password">
            {t('links.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/register" data-testid="login-register">
            {t('links.register')}
          </Link>
        </Stack>
      </Paper>
    </Container>
  );
}
