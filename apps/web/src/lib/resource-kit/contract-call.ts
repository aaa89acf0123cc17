import type { RequestOptions } from '../api/api-client';
import { request } from '../api/api-client';
import type { ActionSubject, KitAction } from './definition';
import { rowPathOf } from './resource-api';

type Call<T> = NonNullable<KitAction<T>['run']>;

/**
 * The call an action makes: its own `run`, or, for an action named after a change of the
 * resource's shared contract, that change (`delete` is the contract's remove, any other name one
 * of its row actions) with the action's input as the body. Undefined: the action calls nothing
 * itself (a link, or a dialog that makes its own change).
 */
export function actionCall<T>(subject: ActionSubject<T>, action: KitAction<T>): Call<T> | undefined {
  if (action.run || action.link) return action.run;
  const { contract, id } = subject;
  if (!contract || !id) return undefined;
  const path = (row: T) => rowPathOf(contract, id(row));
  if (action.id === 'delete' && contract.remove)
    return (row, body, options: RequestOptions) => request('DELETE', path(row), { ...options, body });
  if (contract.actions && Object.hasOwn(contract.actions, action.id))
    return (row, body, options: RequestOptions) =>
      request('POST', `${path(row)}/${action.id}`, { ...options, body: body ?? undefined });
  return undefined;
}
