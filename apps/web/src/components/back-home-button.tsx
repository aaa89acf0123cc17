import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The way out of a finished public flow step: back to the home page. */
export function BackHomeButton() {
  const { t } = useTranslation('common');
  return (
    <Button component={RouterLink} to="/" variant="outlined">
      {t('actions.backHome')}
    </Button>
  );
}
