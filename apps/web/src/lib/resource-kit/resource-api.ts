import {
  type ActionContractOf,
  type ActionOf,
  type BodyIn,
  type CollectionActionContractOf,
  type CollectionActionOf,
  type CreateOf,
  type EntityOf,
  type RemoveOf,
  type ResourceContract,
  type UpdateOf,
} from '@portal/shared';
import { type RequestOptions, request } from '../api/api-client';

type Options = Omit<RequestOptions, 'body'>;

/** The API path of a resource's collection (`/vms`): its contract's type. */
export const basePathOf = (contract: Pick<ResourceContract, 'type'>) => `/${contract.type}`;

/** The API path of one row under a collection's path (`/vms/<uuid>`, `/buckets/<name>`). */
export const rowPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** The API path of one row of a contract's resource. */
export const rowPathOf = (contract: Pick<ResourceContract, 'type'>, id: string) =>
  rowPath(basePathOf(contract), id);

/**
 * A resource's changes as the shared contract declares them (issue 26): the path, the action's
 * name and the body's type all come from the contract, so a misspelt action or a body of the wrong
 * shape fails the type check. Each answers the row as it is after the change.
 */
export function resourceApi<C extends ResourceContract>(contract: C) {
  type Row = EntityOf<C>;
  const row = (id: string) => rowPathOf(contract, id);
  return {
    create: (body: BodyIn<CreateOf<C>>, options?: Options) =>
      request<Row>('POST', basePathOf(contract), { ...options, body }),
    update: (id: string, body: BodyIn<UpdateOf<C>>, options?: Options) =>
      request<Row>('PATCH', row(id), { ...options, body }),
    remove: (id: string, body: BodyIn<RemoveOf<C>>, options?: Options) =>
      request<Row>('DELETE', row(id), { ...options, body }),
    act: <A extends ActionOf<C>>(
      action: A,
      id: string,
      body: BodyIn<ActionContractOf<C, A>>,
      options?: Options,
    ) => request<Row>('POST', `${row(id)}/${action}`, { ...options, body }),
    collect: <A extends CollectionActionOf<C>>(
      action: A,
      body: BodyIn<CollectionActionContractOf<C, A>>,
      options?: Options,
    ) => request<Row>('POST', `${basePathOf(contract)}/${action}`, { ...options, body }),
  };
}
