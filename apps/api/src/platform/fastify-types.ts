import type { BucketBackend } from '../storage/buckets/bucket-backend.js';
import type { ApiErrorBody, Language } from '@portal/shared';
import type { CloudDriver } from '../cloud/driver.js';
import type { Operations } from './operations/operations.js';
import type { AuthContext } from './auth-context.js';
import type { AuthorityFor, DeclaredRoute, RouteAuthority } from './authority-guard.js';
import type { Jobs } from './jobs/index.js';
import type { KeptFrom } from './resources/kept-answer.js';
import type { ResourceDeclaration } from './resources/declaration.js';
import type { StaffContext } from './staff-context.js';
import type { Readiness } from './readiness.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route; see authority-guard.ts. */
    authority?: RouteAuthority;
    /** Where the authority depends on the path or the query (the tags of a kind); see authority-guard.ts. */
    authorityFor?: AuthorityFor;
    /**
     * A signed-in route (SIGNED_IN) an API key may call too (an operation's progress); every other
     * one is the console's alone. Routes of a leaf are open to keys but the account's and IAM's.
     */
    keys?: boolean;
    /**
     * Codes the route answers of its own, besides the guard's, the validation's and the rate
     * limit's (its row's 404 code, its rules' refusals): the OpenAPI document lists them.
     */
    errors?: Readonly<Partial<Record<400 | 404 | 409, readonly ApiErrorBody['msg'][]>>>;
    /** What the answer is made from, so it is kept (platform/resources/kept-answer.ts). */
    keep?: KeptFrom;
  }
  interface FastifyInstance {
    /** Every /api route with the authority it declared (see authority-guard.ts). */
    declaredRoutes: readonly DeclaredRoute[];
    /** Cloud operations: started by requests, run by jobs (see platform/operations). */
    operations: Operations;
    /** The cloud driver (the simulator unless one was handed in). */
    cloud: CloudDriver;
    /** The job queue (pg-boss on the app's database): send, work, schedule. */
    jobs: Jobs;
    /** The customers' buckets on the S3 service (storage/buckets). */
    buckets: BucketBackend;
    /** Whether the proxy should send this instance requests; turned off by a graceful stop. */
    readiness: Readiness;
    /** Every declared resource (registerResource) by its type (`vms`, `disks`, ...): read-only. */
    resources: ReadonlyMap<string, ResourceDeclaration<unknown, unknown>>;
  }
  interface FastifyRequest {
    /** The caller's language from Accept-Language (zh-TW or en). */
    lang: Language;
    /** Set by the authority guard on routes that need a session. */
    auth: AuthContext | null;
    /** Set by the authority guard on operations-console (STAFF) routes. */
    staff: StaffContext | null;
  }
}
