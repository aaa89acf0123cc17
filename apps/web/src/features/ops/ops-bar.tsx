import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { opsApi, opsToken } from './ops-api';

/** The strip over every operations page: where you are, and sign-out. */
export function OpsBar() {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2, flexWrap: 'wrap' }}
    >
      <Typography variant="overline" color="text.secondary">
        {t('bar.title')}
      </Typography>
      <Button
        size="small"
        onClick={() => {
          void opsApi
            .logout()
            .catch(() => undefined)
            .finally(() => {
              opsToken.clear();
              navigate('/ops/login');
            });
        }}
        data-testid="ops-logout"
      >
        {t('bar.signOut')}
      </Button>
    </Stack>
  );
}
