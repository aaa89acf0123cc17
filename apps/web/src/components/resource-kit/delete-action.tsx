import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { DestructiveBody } from '@portal/shared';
import { type KitAction, defineAction } from '../../lib/resource-kit/definition';

/**
 * A resource's delete: the delete icon, destructive, for a selection too; asked with the login
 * password (the server checks it) unless `confirm` says otherwise.
 */
export function deleteAction<T, I = DestructiveBody>(
  action: Omit<KitAction<T, I>, 'id' | 'icon' | 'destructive' | 'bulk'> = {},
): KitAction<T> {
  return defineAction<T, I>({
    id: 'delete',
    icon: <DeleteOutline fontSize="small" />,
    confirm: 'password',
    destructive: true,
    bulk: true,
    ...action,
  });
}
