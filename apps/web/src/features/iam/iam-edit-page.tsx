import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canGrantRoles } from '@portal/shared';
import { PageSpinner } from '../../components/page-spinner';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { useIamUser } from './iam-api';
import { IamUserForm } from './iam-user-form';
import { StatusNote } from './status-note';

/** Edit an IAM user's roles, email and two-factor (route editIAM/:id, log code 10008). */
export default function IamEditPage() {
  const { t } = useTranslation(['iam', 'roles']);
  const { id } = useParams();
  const { info } = useSession();
  const { can, authority } = usePermissions();
  const user = useIamUser(id);

  let body;
  if (user.isPending) body = <PageSpinner />;
  else if (!user.data) body = <StatusNote severity="warning" text={t('edit.notFound')} />;
  else if (user.data.id === info?.id) body = <StatusNote text={t('edit.self')} />;
  else if (!can('iam/user/manage') || !canGrantRoles(authority, user.data.roles))
    body = <StatusNote text={t('readOnly')} />;
  else body = <IamUserForm key={user.data.id} user={user.data} />;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('edit.title', { account: user.data?.account ?? '' })}
      </Typography>
      {body}
    </Container>
  );
}
