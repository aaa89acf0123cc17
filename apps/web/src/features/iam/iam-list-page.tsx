import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console-page';
import { ListView } from '../../components/resource-kit/list-view';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { Authorized } from '../../lib/permissions/authorized';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { useSession } from '../../lib/session/use-session';
import { fetchIamUsers, useIamUsers } from './iam-api';
import { iamCsvColumns } from './iam-csv';
import { iamList } from './iam-list';

/**
 * IAM users of the client (route iam): list, search, the row actions the caller may take, the
 * same on a selection where they make sense on many, and CSV of the searched list.
 */
export default function IamListPage() {
  const { t } = useTranslation(['iam', 'roles', 'resource']);
  const { info } = useSession();
  const { authority } = usePermissions();
  const def = useMemo(() => iamList({ authority, selfId: info?.id }), [authority, info?.id]);
  const controls = useListControls(def, { inUrl: true, replace: true });
  const users = useIamUsers(controls.query);

  return (
    <ConsolePage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <Authorized authority="iam/user/manage">
          <Button
            component={Link}
            to="/createIAM"
            variant="contained"
            startIcon={<Add />}
            data-testid="iam-create"
          >
            {t('actions.create')}
          </Button>
        </Authorized>
      }
    >
      <ListView
        def={def}
        controls={controls}
        page={users.data}
        loading={users.isFetching}
        csv={() => iamCsvColumns(t)}
        exportAll={{ fetch: fetchIamUsers }}
      />
    </ConsolePage>
  );
}
