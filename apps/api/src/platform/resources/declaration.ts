import type { z } from 'zod';
import type { AuthorityPath, ErrorCode } from '@portal/shared';
import type { ResourceContext } from './context.js';

/**
 * A console resource on the API, declared once (ARCHITECTURE, "A resource is declared once per
 * side"): its base path, authority, schemas and handlers. `registerResource` turns it into the
 * list, get, create, update, delete and action routes with their authority, audit record,
 * password check and OpenAPI schema; `type` also opens the resource to the tag routes.
 */
export interface ResourceDeclaration<Dto, Query = unknown> {
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

/** Declares a resource with its handlers' argument types checked against its schemas. */
export const defineResource = <Dto, Query>(declaration: ResourceDeclaration<Dto, Query>) => declaration;
