import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../components/console-page';
import { DownloadButton } from '../../components/download-button';
import { ListView } from '../../components/resource-kit/list-view';
import { type ListControls, useListControls } from '../../lib/resource-kit/use-list-state';
import { useEventCallback } from '../../lib/use-event-callback';
import { exportAuditLog, useAuditLog } from './audit-api';
import { auditCsvColumns } from './audit-csv';
import { AUDIT_DETAIL_NAMESPACES } from './audit-detail';
import { type OnTarget, auditList } from './audit-list';

/**
 * Who did what, when and from where (route auditLog under the account menu, log code 10024): the
 * filtered log as CSV from the server, or the selected entries as CSV.
 */
export default function AuditLogPage() {
  const { t } = useTranslation([...AUDIT_DETAIL_NAMESPACES, 'resource']);
  // A row's resource narrows the log to it; the same function for the page's life, so the
  // columns are made once.
  const narrow: OnTarget = useEventCallback((targetType: string, targetId: string) =>
    controls.filter({ targetType, targetId }, { replace: true }),
  );
  const def = useMemo(() => auditList(narrow), [narrow]);
  const controls: ListControls = useListControls(def, { inUrl: true, replace: true });
  const log = useAuditLog(controls.query, controls.valid);

  return (
    <ConsolePage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <DownloadButton
          download={() => exportAuditLog(controls.query)}
          testId="audit-export"
          disabled={!controls.valid}
        >
          {t('export')}
        </DownloadButton>
      }
    >
      <ListView
        def={def}
        controls={controls}
        page={log.data}
        loading={log.isFetching}
        csv={() => auditCsvColumns(t)}
        emptyText={t('empty')}
      />
    </ConsolePage>
  );
}
