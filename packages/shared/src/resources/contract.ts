import type { z } from 'zod';
import type { AuthorityLeaf } from '../authority/authority.js';
import type { DashboardKind } from '../dashboard-kinds.js';
import type { RouteId } from '../routes/route-table.js';
import type { AuditTargetType } from '../schemas/audit.js';

/**
 * One change of a resource as both sides know it: what its body is (none: no body), and whether
 * the body carries the caller's login password (`currentPassword`, checked before anything else).
 */
export interface ChangeContract {
  body?: z.ZodType;
  password?: true;
}

/**
 * A console resource's identity, declared once for both sides (issue 26): its API path, audit name,
 * authority leaf, schemas, changes and pages. The API declares its handlers against it
 * (`defineResource(contract, {...})`: a change the contract names without a handler, or a handler
 * it does not name, fails the type check); the web derives its paths, bodies, authority and route
 * ids from it (`resourceApi(contract)`, `identityOf(contract, ...)`).
 */
export interface ResourceContract {
  /** The API path segment (`/api/vms`) and the tags' `type`. */
  type: string;
  /** Its audit records' target and the prefix of their actions (`vm.create`). */
  name: AuditTargetType;
  /** The leaf that shows it; `<leaf>/manage` changes it. */
  authority: AuthorityLeaf;
  entity: z.ZodType;
  listQuery: z.ZodType;
  /** How a row is named in its path; `uuid` unless said otherwise. */
  keyParam?: string;
  create?: ChangeContract;
  update?: ChangeContract;
  remove?: ChangeContract;
  /** `POST /api/<type>/:key/<action>` */
  actions?: Record<string, ChangeContract>;
  /** `POST /api/<type>/<action>`: a change no row names beforehand. */
  collectionActions?: Record<string, ChangeContract>;
  /** The pages of the shared route table that show it. */
  routes: { list: RouteId; create?: RouteId; detail?: RouteId; edit?: RouteId };
  /** The dashboard kind that counts it, or null where the dashboard shows none (said, not forgotten). */
  dashboardKind: DashboardKind | null;
}

/** Keeps the literal types of a contract (its type, action names, schemas) for both sides. */
export const defineContract = <const C extends ResourceContract>(contract: C): C => contract;

/** A row of the resource as the API sends it. */
export type EntityOf<C extends ResourceContract> = z.output<C['entity']>;

/** The body a change takes as sent (before the server's defaults): what the web posts. */
export type BodyIn<C extends ChangeContract | undefined> = C extends { body: z.ZodType }
  ? z.input<C['body']>
  : undefined;

/** The body a change's handler receives (after parsing). */
export type BodyOut<C extends ChangeContract | undefined> = C extends { body: z.ZodType }
  ? z.output<C['body']>
  : undefined;

/** The names of a contract's row actions. */
export type ActionOf<C extends ResourceContract> =
  C['actions'] extends Record<string, ChangeContract> ? Extract<keyof C['actions'], string> : never;

/** The names of a contract's collection actions. */
export type CollectionActionOf<C extends ResourceContract> =
  C['collectionActions'] extends Record<string, ChangeContract>
    ? Extract<keyof C['collectionActions'], string>
    : never;

/** The authority path that changes the resource. */
export const manageAuthority = <C extends ResourceContract>(contract: C): `${C['authority']}/manage` =>
  `${contract.authority}/manage`;

/** The contract of one kind of change, where the contract has it. */
export type CreateOf<C extends ResourceContract> = C extends { create: infer S extends ChangeContract }
  ? S
  : never;
export type UpdateOf<C extends ResourceContract> = C extends { update: infer S extends ChangeContract }
  ? S
  : never;
export type RemoveOf<C extends ResourceContract> = C extends { remove: infer S extends ChangeContract }
  ? S
  : never;
export type ActionContractOf<C extends ResourceContract, A extends string> = C extends {
  actions: infer M extends Record<string, ChangeContract>;
}
  ? M[A]
  : never;
export type CollectionActionContractOf<C extends ResourceContract, A extends string> = C extends {
  collectionActions: infer M extends Record<string, ChangeContract>;
}
  ? M[A]
  : never;
