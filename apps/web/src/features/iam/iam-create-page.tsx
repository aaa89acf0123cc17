import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../lib/permissions/authorized';
import { StatusNote } from './status-note';
import { IamUserForm } from './iam-user-form';

/** Create an IAM user (route createIAM, log code 10008). */
export default function IamCreatePage() {
  const { t } = useTranslation(['iam', 'roles']);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('create.title')}
      </Typography>
      <Authorized authority="iam/user/manage" fallback={<StatusNote text={t('readOnly')} />}>
        <IamUserForm />
      </Authorized>
    </Container>
  );
}
