import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import type { OperationRow } from '../../db/schema/index.js';
import type { AuthContext } from '../auth-context.js';
import { signedIn } from '../authority-guard.js';
import type { NewOperation, Operations } from '../operations/operations.js';

/**
 * What a resource's handlers get: the caller, its tenant's database (the request's transaction on
 * a change), and the way to start a cloud operation. Handlers never see the request itself.
 */
export interface ResourceContext {
  auth: AuthContext;
  clientId: string;
  /** The request's transaction on a change; queries name the client with `own`. */
  db: Db;
  own(table: TenantTable, where?: SQL): SQL;
  lang: Language;
  ip: string;
  /** Record an operation in this transaction; it runs once the transaction has committed. */
  startOperation(input: Omit<NewOperation, 'clientId' | 'userId'>): Promise<OperationRow>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Operations a change started: kicked when its answer has gone (the transaction committed). */
    startedOperations?: string[];
  }
}

export function resourceContext(request: FastifyRequest, operations: Operations): ResourceContext {
  const auth = signedIn(request);
  return {
    auth,
    clientId: auth.client.id,
    db: auth.tenant.db,
    own: auth.tenant.own,
    lang: request.lang,
    ip: request.ip,
    async startOperation(input) {
      const row = await operations.start(auth.tenant.db, {
        ...input,
        clientId: auth.client.id,
        userId: auth.user.id,
      });
      (request.startedOperations ??= []).push(row.id);
      return row;
    },
  };
}
