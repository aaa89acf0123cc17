import type { z } from 'zod';
import {
  manageAuthority,
  type AuthorityPath,
  type BodyOut,
  type ChangeContract,
  type EntityOf,
  type ErrorCode,
  type ResourceContract,
} from '@portal/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TenantTable } from '../../db/tenant-scope.js';
import type { ResourceContext } from './context.js';
import { ownedIds } from './list-query.js';
import type { resourceRepository } from './repository.js';

/**
 * A console resource on the API, declared once (ARCHITECTURE, "A resource is declared once per
 * side"): its base path, authority, schemas and handlers. `registerResource` turns it into the
 * list, get, create, update, delete and action routes with their authority, audit record,
 * password check and OpenAPI schema; `type` also opens the resource to the tag routes.
 */
export interface ResourceDeclaration<Dto, Query = unknown> {
  /** The shared identity it was declared from (packages/shared/src/resources). */
  contract: ResourceContract;
  /** Its rows' table: its version triggers keep its kept answers current (the completeness test checks). */
  table: TenantTable & { id: PgColumn };
  /** The last segment of the base path: `vms` serves /api/vms and is the tags' `type`. */
  type: string;
  /** The name of the audit target and of the audit actions (`vm` → `vm.create`). */
  name: string;
  authority: { view: AuthorityPath; manage: AuthorityPath };
  entity: z.ZodType<Dto>;
  /** How a row is named in its path; a UUID (`/:uuid`) unless said otherwise. */
  key?: ResourceKey;
  /**
   * The id a row is named by (in its path and in the audit log), read from the entity: for the
   * audit record of a create. The entity's `uuid` unless said otherwise; a creatable entity without one must
   * say (registerResource refuses to start otherwise).
   */
  idOf?(dto: Dto): string;
  listQuery: z.ZodType<Query>;
  list(ctx: ResourceContext, query: Query): Promise<{ records: Dto[]; total: number }>;
  /**
   * The code of a 404 for a row of this kind, where the spec's catalogue has one (DISK_NOT_FOUND);
   * NOT_FOUND otherwise. A handler's plain notFound() about its own row answers it.
   */
  notFound?: ErrorCode;
  /** One of the caller's; another tenant's or an unknown id is 404 (throw notFound()). */
  /**
   * One row. Its answer is kept by the client's resources version like the list's (decision
   * 0028): read only tables whose changes move the version (migrations 0012, 0039).
   */
  get(ctx: ResourceContext, id: string): Promise<Dto>;
  /** Which of these ids are the caller's (the tag routes ask before touching tags). */
  owned(ctx: ResourceContext, ids: string[]): Promise<Set<string>>;
  create?: Change<Dto, [body: never]>;
  update?: Change<Dto, [id: string, body: never]>;
  remove?: Change<Dto, [id: string, body: never]>;
  /** `POST /api/<type>/:uuid/<action>` */
  actions?: Record<string, Change<Dto, [id: string, body: never]>>;
  /**
   * `POST /api/<type>/<action>`: a change of the collection that no one row names beforehand (it
   * finds or makes the row it answers with, which the audit record names, as a create's does).
   */
  collectionActions?: Record<string, Change<Dto, [body: never]>>;
}

/** The path parameter that names a row: its name, its schema, and its reading (null: names nothing). */
export interface ResourceKey {
  param: string;
  schema: z.ZodType<string>;
  read(value: string): string | null;
}

export interface Change<Dto, Args extends unknown[]> {
  summary: string;
  body?: z.ZodType;
  /** The body carries `currentPassword`, checked against the caller's login password first. */
  password?: boolean;
  handler(ctx: ResourceContext, ...args: Args): Promise<Dto>;
}

/** A change's handler and its OpenAPI summary; its body and password come from the contract. */
export interface ChangeHandler<Dto, Args extends unknown[]> {
  summary: string;
  handler(ctx: ResourceContext, ...args: Args): Promise<Dto>;
}

type RowChanges<Dto, A> = {
  [K in keyof A]: ChangeHandler<Dto, [id: string, body: BodyOut<A[K] & ChangeContract>]>;
};
type CollectionChanges<Dto, A> = {
  [K in keyof A]: ChangeHandler<Dto, [body: BodyOut<A[K] & ChangeContract>]>;
};

/**
 * The handlers a contract needs, no more and no fewer: a change the contract names without a
 * handler, or a handler for a change it does not name, fails the type check.
 */
type ChangesOf<C extends ResourceContract, Dto> = (C extends { create: infer S extends ChangeContract }
  ? { create: ChangeHandler<Dto, [body: BodyOut<S>]> }
  : { create?: never }) &
  (C extends { update: infer S extends ChangeContract }
    ? { update: ChangeHandler<Dto, [id: string, body: BodyOut<S>]> }
    : { update?: never }) &
  (C extends { remove: infer S extends ChangeContract }
    ? { remove: ChangeHandler<Dto, [id: string, body: BodyOut<S>]> }
    : { remove?: never }) &
  (C extends { actions: infer A } ? { actions: RowChanges<Dto, A> } : { actions?: never }) &
  (C extends { collectionActions: infer A }
    ? { collectionActions: CollectionChanges<Dto, A> }
    : { collectionActions?: never });

/** What the API adds to a contract: how rows are read, and the handlers of its changes. */
export type ResourceImplementation<
  C extends ResourceContract,
  Dto = EntityOf<C>,
  Query = z.output<C['listQuery']>,
> = Pick<ResourceDeclaration<Dto, Query>, 'notFound' | 'key' | 'idOf' | 'list'> &
  Partial<Pick<ResourceDeclaration<Dto, Query>, 'table' | 'get' | 'owned'>> & {
    /**
     * Its repository (repository.ts): the table, one row, the caller's ids and the 404 come from it
     * unless the declaration names its own.
     */
    rows?: Pick<ResourceRows<Dto>, 'table' | 'one' | 'owned' | 'notFound'>;
  } & ChangesOf<C, Dto>;

type ResourceRows<Dto> = ReturnType<typeof resourceRepository<Dto, TenantTable & { id: PgColumn }>>;

const withContract = <Dto, Args extends unknown[]>(
  handler: ChangeHandler<Dto, Args> | undefined,
  change: ChangeContract | undefined,
): Change<Dto, Args> | undefined =>
  handler && change ? { ...handler, body: change.body, password: change.password } : undefined;

const eachWithContract = <Dto, Args extends unknown[]>(
  handlers: Record<string, ChangeHandler<Dto, Args>> | undefined,
  changes: Record<string, ChangeContract> | undefined,
) =>
  Object.fromEntries(
    Object.entries(changes ?? {}).map(([name, change]) => [name, withContract(handlers?.[name], change)!]),
  );

/**
 * A resource of the shared contract with the API's handlers: its type, audit name, authority,
 * schemas, bodies and password checks are the contract's, so the two sides cannot disagree.
 */
export function defineResource<const C extends ResourceContract>(
  contract: C,
  implementation: ResourceImplementation<C>,
): ResourceDeclaration<EntityOf<C>, z.output<C['listQuery']>> {
  type Dto = EntityOf<C>;
  const keyParam = implementation.key?.param ?? 'uuid';
  if (keyParam !== (contract.keyParam ?? 'uuid'))
    throw new Error(
      `Resource ${contract.type}: its key "${keyParam}" is not the contract's "${contract.keyParam}"`,
    );
  const { rows } = implementation;
  const table = implementation.table ?? rows?.table;
  const get = implementation.get ?? rows?.one;
  if (!table || !get)
    throw new Error(`Resource ${contract.type}: declare its rows (a repository) or its table and get`);
  const handlers = implementation as ResourceImplementation<ResourceContract, Dto, unknown> & {
    create?: ChangeHandler<Dto, [never]>;
    update?: ChangeHandler<Dto, [string, never]>;
    remove?: ChangeHandler<Dto, [string, never]>;
    actions?: Record<string, ChangeHandler<Dto, [string, never]>>;
    collectionActions?: Record<string, ChangeHandler<Dto, [never]>>;
  };
  return {
    contract,
    type: contract.type,
    name: contract.name,
    authority: { view: contract.authority, manage: manageAuthority(contract) },
    entity: contract.entity as z.ZodType<Dto>,
    listQuery: contract.listQuery as z.ZodType<z.output<C['listQuery']>>,
    key: implementation.key,
    idOf: implementation.idOf,
    notFound: implementation.notFound ?? rows?.notFound,
    list: implementation.list,
    table,
    get,
    // Which ids are the caller's: the table's rows by id, unless the resource is named otherwise.
    owned: implementation.owned ?? rows?.owned ?? ((ctx, ids) => ownedIds(ctx, table, ids)),
    create: withContract(handlers.create, contract.create),
    update: withContract(handlers.update, contract.update),
    remove: withContract(handlers.remove, contract.remove),
    actions: eachWithContract(handlers.actions, contract.actions),
    collectionActions: eachWithContract(handlers.collectionActions, contract.collectionActions),
  } as ResourceDeclaration<Dto, z.output<C['listQuery']>>;
}
