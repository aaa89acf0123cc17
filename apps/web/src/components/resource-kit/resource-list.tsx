import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type KitListAction, type ResourceDefinition, actionLabel } from '../../lib/resource-kit/definition';
import { fetchPage, useResourceList } from '../../lib/resource-kit/resource-queries';
import { useListControls } from '../../lib/resource-kit/use-list-state';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { ListView } from './list-view';
import { actionsOf } from './tags';

const NO_FILTERS: Readonly<Record<string, string>> = {};

export interface ResourceListProps<T> {
  def: ResourceDefinition<T>;
  /** The list's state lives in the page's address (a list page) or in memory (a detail tab). */
  inUrl?: boolean;
  /** Filters fixed by the page around the list: the VM whose disks a tab shows. */
  fixed?: Readonly<Record<string, string>>;
  /** A list kept in memory starts searched for this (the page's own `?search=`, as a search hit leads). */
  initialSearch?: string;
}

/**
 * The list of a declared resource: the kit's list (ListView) over `GET /api/<type>`, polling while
 * a shown row is busy, with the tags action when the resource has tags and the list's own
 * actions (attach a disk to the VM whose tab shows the list).
 */
export function ResourceList<T>({
  def,
  inUrl = false,
  fixed = NO_FILTERS,
  initialSearch,
}: ResourceListProps<T>) {
  const { t } = useTranslation([def.namespace, 'resource']);
  const { can } = usePermissions();
  const controls = useListControls(def, { inUrl, fixed, initialSearch });
  const list = useResourceList(def, controls.query);
  const actions = useMemo(() => actionsOf(def), [def]);
  const [listAction, setListAction] = useState<KitListAction | null>(null);
  const listActions = (def.listActions ?? []).filter(
    (a) => can(a.authority ?? def.authority.manage) && (a.visible ? a.visible(fixed) : true),
  );
  const ListActionDialog = listAction?.dialog;

  return (
    <>
      <ListView
        def={def}
        controls={controls}
        page={list.data}
        loading={list.isPending || list.isPlaceholderData}
        actions={actions}
        fixed={fixed}
        exportAll={{ fetch: (query) => fetchPage(def, query) }}
        toolbar={listActions.map((a) => (
          <Button
            key={a.id}
            size="small"
            variant="contained"
            startIcon={a.icon}
            onClick={() => setListAction(a)}
            data-testid={`${def.name}-${a.id}`}
          >
            {t(actionLabel(a))}
          </Button>
        ))}
      />
      {ListActionDialog && <ListActionDialog fixed={fixed} onClose={() => setListAction(null)} />}
    </>
  );
}
