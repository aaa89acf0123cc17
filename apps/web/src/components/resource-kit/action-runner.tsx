import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { PasswordConfirmDialog } from '../dialogs/password-confirm-dialog';
import { type BulkOutcome, runBulk } from '../../lib/resource-kit/bulk-run';
import { actionCall } from '../../lib/resource-kit/contract-call';
import { type ActionSubject, type KitAction, actionLabel } from '../../lib/resource-kit/definition';
import { useInvalidateResource } from '../../lib/resource-kit/resource-queries';
import { toast } from '../../lib/toast/toast-store';
import { useEventCallback } from '../../lib/use-event-callback';
import { BulkProgressDialog, type BulkRunView } from './bulk-progress-dialog';

interface Pending<T> {
  action: KitAction<T>;
  rows: T[];
  bulk: boolean;
}

export interface ActionRunner<T> {
  /** Starts an action on one row, or on a selection (`bulk`): asks first when it declares so. */
  start: (action: KitAction<T>, rows: T[], bulk?: boolean) => void;
  /** The dialogs of the action under way; render it once near the list or detail. */
  element: ReactNode;
}

/**
 * Runs a resource's actions: the confirmation, password or custom dialog first, then the call on
 * one row (errors toast as usual) or on each selected row (results per row in a progress dialog).
 * Afterwards the resource's queries are asked again, once.
 */
export function useActionRunner<T>(
  def: ActionSubject<T>,
  options: { onSucceeded?: (action: KitAction<T>) => void; onBulkDone?: () => void } = {},
): ActionRunner<T> {
  const { t, i18n } = useTranslation([def.namespace, 'resource']);
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [bulkRun, setBulkRun] = useState<BulkRunView | null>(null);
  const invalidate = useInvalidateResource(def);
  const navigate = useNavigate();

  const label = (action: KitAction<T>) => t(actionLabel(action));
  const names = (rows: T[]) =>
    rows.length === 1 ? def.title(rows[0] as T) : t('resource:bulk.names', { count: rows.length });

  const runOne = async (action: KitAction<T>, row: T, input: unknown) => {
    try {
      await actionCall(def, action)?.(row, input, {});
      // The resource's own words for the action, else the kit's (tags are saved, not requested).
      const own = `${def.namespace}:toasts.${action.id}`;
      const kit = `resource:toasts.${action.id}`;
      const values = { name: def.title(row), action: label(action) };
      toast.success(
        i18n.exists(own)
          ? `${def.namespace}.toasts.${action.id}`
          : i18n.exists(kit)
            ? `resource.toasts.${action.id}`
            : 'resource.toasts.requested',
        values,
      );
      options.onSucceeded?.(action);
    } finally {
      void invalidate();
    }
  };

  const runMany = (action: KitAction<T>, rows: T[], input: unknown) => {
    const view: BulkRunView = {
      action: label(action),
      names: rows.map(def.title),
      outcomes: rows.map((): BulkOutcome => ({ status: 'pending' })),
    };
    setBulkRun(view);
    void runBulk(
      rows,
      (row) => (action.allowed ? action.allowed(row) : true),
      async (row) => actionCall(def, action)?.(row, input, { handleErrors: true, track: false }),
      (index, outcome) =>
        setBulkRun((current) =>
          current
            ? { ...current, outcomes: current.outcomes.map((o, i) => (i === index ? outcome : o)) }
            : current,
        ),
    ).finally(() => {
      void invalidate();
      options.onBulkDone?.();
    });
  };

  /** What a dialog's submit does: one row waits for the call, a selection starts the bulk run. */
  const submit = async (input: unknown) => {
    if (!pending) return;
    const { action, rows, bulk } = pending;
    if (bulk) {
      setPending(null);
      runMany(action, rows, input);
      return;
    }
    await runOne(action, rows[0] as T, input);
    setPending(null);
  };

  // The same function at every render: rows' action buttons are drawn once, not at each render.
  const start = useEventCallback((action: KitAction<T>, rows: T[], bulk?: boolean) => {
    if (rows.length === 0) return;
    if (action.link) {
      navigate(action.link(rows[0] as T));
      return;
    }
    if (!action.confirm) {
      if (bulk) runMany(action, rows, undefined);
      else void runOne(action, rows[0] as T, undefined).catch(() => undefined);
      return;
    }
    setPending({ action, rows, bulk: bulk ?? false });
  });

  const close = () => setPending(null);
  let dialog: ReactNode = null;
  if (pending) {
    const { action, rows } = pending;
    const values = {
      name: names(rows),
      count: rows.length,
      action: label(action),
      ...action.dialogValues?.(rows, i18n.language),
    };
    const title = t(`dialogs.${action.id}.title`, {
      ...values,
      defaultValue: t('resource:confirm.title', values),
    });
    const words = t(`dialogs.${action.id}.body`, {
      ...values,
      defaultValue: t('resource:confirm.body', values),
    });
    const body = action.warning ? (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${def.namespace}-${action.id}-warning`}>
        {words}
      </Alert>
    ) : (
      words
    );
    // Confirm and password dialogs close at once; the call's errors arrive as toasts.
    const confirmThen = (input: unknown) => {
      setPending(null);
      if (pending.bulk) runMany(action, rows, input);
      else void runOne(action, rows[0] as T, input).catch(() => undefined);
    };
    if (action.confirm === 'confirm') {
      dialog = (
        <ConfirmDialog
          open
          title={title}
          body={body}
          confirmLabel={label(action)}
          destructive={action.destructive}
          onConfirm={() => confirmThen(undefined)}
          onCancel={close}
        />
      );
    } else if (action.confirm === 'password') {
      dialog = (
        <PasswordConfirmDialog
          open
          title={title}
          body={body}
          confirmLabel={label(action)}
          onConfirm={(currentPassword) =>
            // A warned change of one row waits for its answer: a refusal is read beside the warning.
            action.warning && !pending.bulk
              ? void submit({ currentPassword }).catch(() => undefined)
              : confirmThen({ currentPassword })
          }
          onCancel={close}
        />
      );
    } else if (action.confirm) {
      const Dialog = action.confirm;
      const done = () => {
        setPending(null);
        void invalidate();
        if (pending.bulk) options.onBulkDone?.();
      };
      dialog = <Dialog rows={rows} onSubmit={submit} onCancel={close} onDone={done} />;
    }
  }

  return {
    start,
    element: (
      <>
        {dialog}
        {bulkRun && <BulkProgressDialog run={bulkRun} onClose={() => setBulkRun(null)} />}
      </>
    ),
  };
}
