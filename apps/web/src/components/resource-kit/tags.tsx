import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LocalOffer from '@mui/icons-material/LocalOfferOutlined';
import { useTranslation } from 'react-i18next';
import type { TagsPut } from '@portal/shared';
import type { ActionDialogProps, KitAction, ResourceDefinition } from '../../lib/resource-kit/definition';
import { putTags, usePutTags, useResourceTags, useTagKeys } from '../../lib/resource-kit/tags-api';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { toast } from '../../lib/toast/toast-store';
import { PageSpinner } from '../page-spinner';
import { TagEditor } from './tag-editor';

/** The loaded editor; keyed by the answer so a fresh set resets the form. */
function LoadedTags({
  base,
  id,
  canEdit,
  onSave,
  onCancel,
}: {
  base: string;
  id: string;
  canEdit: boolean;
  onSave: (body: TagsPut) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const tags = useResourceTags(base, id);
  const keys = useTagKeys(base);
  if (!tags.data) return <PageSpinner minHeight={120} />;
  return (
    <TagEditor
      key={tags.dataUpdatedAt}
      tags={tags.data}
      keys={keys.data ?? []}
      canEdit={canEdit}
      onSave={onSave}
      onCancel={onCancel}
    />
  );
}

/** The detail page's tags tab: editable with the resource's manage authority, else a list. */
export function TagsTab<T>({ def, row }: { def: ResourceDefinition<T>; row: T }) {
  const { can } = usePermissions();
  const put = usePutTags(def.base);
  const id = def.id(row);
  return (
    <LoadedTags
      base={def.base}
      id={id}
      canEdit={can(def.authority.manage)}
      onSave={(body) =>
        put
          .mutateAsync({ id, body })
          .then(() => toast.success('resource.toasts.tags', { name: def.title(row) }))
      }
    />
  );
}

const dialogs = new WeakMap<object, KitAction<never>>();

/** The tags row action of a resource with tags: the editor in a dialog, saved by PUT. */
export function tagsActionOf<T>(def: ResourceDefinition<T>): KitAction<T> {
  let action = dialogs.get(def) as KitAction<T> | undefined;
  if (!action) {
    function TagsDialog({ rows, onSubmit, onCancel }: ActionDialogProps<T, TagsPut>) {
      const { t } = useTranslation('resource');
      const row = rows[0] as T;
      return (
        <Dialog open onClose={onCancel} fullWidth maxWidth="sm" data-testid="tags-dialog">
          <DialogTitle>{t('tags.title', { name: def.title(row) })}</DialogTitle>
          <DialogContent>
            <LoadedTags base={def.base} id={def.id(row)} canEdit onSave={onSubmit} onCancel={onCancel} />
          </DialogContent>
        </Dialog>
      );
    }
    action = {
      id: 'tags',
      label: 'resource:actions.tags',
      icon: <LocalOffer fontSize="small" />,
      confirm: TagsDialog as KitAction<T>['confirm'],
      run: (row, input, options) => putTags(def.base, def.id(row), input as TagsPut, options),
    };
    dialogs.set(def, action as KitAction<never>);
  }
  return action;
}

/** The row actions of a declaration, with the tags action when it has tags. */
export function actionsOf<T>(def: ResourceDefinition<T>): KitAction<T>[] {
  return [...(def.actions ?? []), ...(def.tags ? [tagsActionOf(def)] : [])];
}
