import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterState, registerStateLabelKey, type RegistrationQueryResult } from '@portal/shared';
import { FlowCard } from '../../components/flow-card';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api/api-error';
import { BackHomeButton } from '../../components/back-home-button';
import { registerApi } from './register-api';

const COLOR = {
  REGISTER_NOT_COMPLETED: 'default',
  REGISTER_UNDER_REVIEW: 'info',
  REGISTER_DENIED: 'error',
  REGISTER_COMPLETE: 'success',
} as const;

/** /registerQueryResult/{guid}: the state of a registration, with the reason of a denial. */
export default function RegisterQueryResultPage() {
  const { t } = useTranslation(['register', 'enums', 'apiError']);
  const { guid = '' } = useParams();
  const [result, setResult] = useState<RegistrationQueryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    registerApi
      .queryResult(guid)
      .then(setResult, (e: unknown) => setError(isApiError(e) && e.msg ? e.msg : 'unexpectedServerError'));
  }, [guid]);

  if (error)
    return (
      <FlowCard title={t('queryResult.title')} testId="register-query-result-page">
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="query-result-error">
          {t(`apiError:${error}`)}
        </Alert>
        <Button component={RouterLink} to="/registerQuery" variant="contained">
          {t('queryResult.again')}
        </Button>
      </FlowCard>
    );
  if (!result) return <PageSpinner />;
  return (
    <FlowCard title={t('queryResult.title')} lead={result.email} testId="register-query-result-page">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>{t('queryResult.state')}</Typography>
          <Chip
            color={COLOR[result.state]}
            label={t(`enums:${registerStateLabelKey(result.state).slice(6)}`)}
            data-testid="query-result-state"
            data-state={result.state}
          />
        </Stack>
        <Typography color="text.secondary">{t(`queryResult.explain.${result.state}`)}</Typography>
        {result.state === RegisterState.REGISTER_DENIED && (
          <Alert severity="error" data-testid="query-result-reason">
            {t('queryResult.reason', { reason: result.reason })}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          {result.state === RegisterState.REGISTER_DENIED && (
            <Button component={RouterLink} to="/register" variant="contained">
              {t('queryResult.registerAgain')}
            </Button>
          )}
          {result.state === RegisterState.REGISTER_COMPLETE && (
            <Button component={RouterLink} to="/login" variant="contained">
              {t('queryResult.signIn')}
            </Button>
          )}
          <BackHomeButton />
        </Stack>
      </Stack>
    </FlowCard>
  );
}
