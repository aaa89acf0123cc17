import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';

/**
 * Deleting a tab's row once confirmed: `ask(row)` opens the confirmation, and on confirm the row
 * is deleted, `done(row)` says so, and the tab is read again (a failure has its toast already).
 */
export function useRowDelete<T>({
  remove,
  done,
  refresh,
  title,
  body,
}: {
  remove: (row: T) => Promise<unknown>;
  done: (row: T) => void;
  refresh: () => unknown;
  title: (row: T | null) => string;
  body: string;
}) {
  const { t } = useTranslation('bucket');
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = (row: T) => {
    setDeleting(null);
    remove(row)
      .then(() => done(row))
      .catch(() => undefined)
      .finally(() => void refresh());
  };
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title={title(deleting)}
      body={body}
      confirmLabel={t('actions.delete')}
      destructive
      onConfirm={() => deleting && confirm(deleting)}
      onCancel={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}
