import type { LightMyRequestResponse } from 'fastify';
import { and, eq, gte } from 'drizzle-orm';
import type { RuleResult } from '@portal/shared';
import { operations } from '../src/db/schema/index.js';
import { body, TEST_PASSWORD, type TestApp } from './build.js';
import { settled } from './operations.js';

/**
 * Walking a seeded estate through every action the API offers on it (demo-estate-actions.test.ts):
 * each kind of resource says how its rows are read, which actions it has (by their declared
 * route), whether each applies to a row as it stands, and how the cloud's own state must agree
 * with the portal's after each one.
 */

/** A request a step makes; `run` for a cloud action that is no route (the snapshot scheduler's). */
export type Call =
  | { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; body?: unknown; raw?: string }
  | { run: () => Promise<void> };

/** What a step makes of a row as it stands: the call, or why it does not apply now. */
export type Plan = Call | { skip: string };

export interface Step<T> {
  /** The declared route it takes (`POST /api/vms/:uuid/start`), or a name for one that is none. */
  route: string;
  /** What this variant does (a PATCH may do several things, each its own step). */
  what: string;
  plan(row: T): Plan | Promise<Plan>;
  /** It must reach the cloud: start an operation that succeeds and leaves no reason behind. */
  cloud: boolean;
  /** Whatever else the step must have done, as problems (none: it did). */
  effect?(before: T, after: T | undefined): string[] | Promise<string[]>;
}

export interface Kind<T> {
  type: string;
  /** The rows as listed, each with the id `get` takes. */
  list(): Promise<T[]>;
  id(row: T): string;
  /** The row as it stands, or undefined once it is gone. */
  get(id: string): Promise<T | undefined>;
  /** Its status, to tell when a step moved it to another (for a way back to a step left). */
  state(row: T): string;
  /** In error with a reason from the cloud. */
  failed(row: T): boolean;
  /** The actions on a row, in the order they are tried. */
  steps: Step<T>[];
  /** The delete, run last: the row goes from the portal and from the cloud. */
  remove?: Step<T>;
  /** Where the cloud's state differs from the portal's row (none: they agree). */
  cloud(row: T): Promise<string[]>;
  /** Where the cloud still holds a deleted row (none: it is gone there too). */
  gone(id: string): Promise<string[]>;
}

/** The calls of a test on a tenant's root. */
export function tenantApi(t: TestApp, token: string) {
  const send = (call: Extract<Call, { method: string }>) =>
    call.raw === undefined
      ? t.request(call.method, call.url, { token, body: call.body })
      : t.app.inject({
          method: call.method,
          url: call.url,
          payload: call.raw,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        });
  const read = async <D>(url: string): Promise<D | undefined> => {
    const response = await t.request('GET', url, { token });
    if (response.statusCode === 404) return undefined;
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return body<{ data: D }>(response).data;
  };
  const records = async <D>(url: string) => (await read<{ records: D[] }>(url))!.records;
  return { send, read, records };
}
export type TenantApi = ReturnType<typeof tenantApi>;

/** The list, the row and its id of a resource declared at /api/<type>. */
export function declared<T>(api: TenantApi, type: string, id: (row: T) => string) {
  return {
    type,
    id,
    list: () => api.records<T>(`/api/${type}?limit=0`),
    get: (key: string) => api.read<T>(`/api/${type}/${key}`),
  };
}

/** A kind the cloud does not hold (a schedule, a credential, a key): nothing there to agree with. */
export const portalOnly = {
  state: () => 'kept',
  failed: () => false,
  cloud: async () => [],
  gone: async () => [],
};

/** The rename of a row (the portal's alone): its name field set to one it did not have. */
export function renaming<T>(
  route: string,
  url: (row: T) => string,
  field: keyof T & string,
  rule: (row: NoInfer<T>) => RuleResult = () => true,
): Step<T> {
  const name = (row: T) => renamed(String(row[field]));
  return {
    route,
    what: 'rename',
    cloud: false,
    plan: (row) => when(rule(row), () => ({ method: 'PATCH', url: url(row), body: { [field]: name(row) } })),
    effect: (row, after) => differs('name', name(row), after?.[field]),
  };
}

/** The DELETE of a row at its address where its rule allows, confirmed by the login password. */
export function deletion<T>(
  route: string,
  url: (row: T) => string,
  options: { rule?: (row: NoInfer<T>) => RuleResult; cloud: boolean; password?: boolean },
): Step<T> {
  const { rule = () => true, cloud, password = true } = options;
  return {
    route,
    what: 'delete',
    cloud,
    plan: (row) =>
      when(rule(row), () => ({
        method: 'DELETE',
        url: url(row),
        ...(password ? { body: confirmed() } : {}),
      })),
  };
}

/** A rule's answer as a plan: the call when it allows, the code as the reason when not. */
export const when = (rule: RuleResult, call: () => Call): Plan => (rule === true ? call() : { skip: rule });

/** A name the row did not have, within the length names take. */
export const renamed = (name: string) => `${name.slice(0, 60)}-r`;

/** The body of a change the login password confirms. */
export const confirmed = (more: Record<string, unknown> = {}) => ({
  currentPassword: TEST_PASSWORD,
  ...more,
});

/** One mismatch as a line: `what: portal ≠ cloud`. */
export const differs = (what: string, portal: unknown, cloud: unknown): string[] =>
  JSON.stringify(portal) === JSON.stringify(cloud)
    ? []
    : [`${what}: portal ${JSON.stringify(portal)}, cloud ${JSON.stringify(cloud)}`];

/** What one walk found, by the route each step took. */
export interface WalkReport {
  problems: string[];
  /** Routes that ran, and on how many rows. */
  ran: Map<string, number>;
}

/**
 * Runs steps one after another on the estate, waiting for the cloud after each: the answer is
 * 200, every operation it started succeeded, the row is not left in error, the cloud agrees with
 * the portal, and the step had its effect.
 */
export function walker(t: TestApp, api: TenantApi, clientId: string) {
  const report: WalkReport = { problems: [], ran: new Map() };
  const seen = new Set<string>();
  /** The tenant's operations from the newest seen on (a step's own come after it). */
  let since = new Date(0);
  const operationRows = async () => {
    const rows = await t.db
      .select({
        id: operations.id,
        kind: operations.kind,
        state: operations.state,
        error: operations.error,
        createdAt: operations.createdAt,
      })
      .from(operations)
      .where(and(eq(operations.clientId, clientId), gte(operations.createdAt, since)));
    for (const row of rows) if (row.createdAt > since) since = row.createdAt;
    return rows;
  };

  async function run<T>(kind: Kind<T>, step: Step<T>, before: T, call: Call): Promise<T | undefined> {
    const label = `${step.route} (${step.what}) on ${kind.type} ${kind.id(before)}`;
    const problems = report.problems;
    let response: LightMyRequestResponse | undefined;
    if ('run' in call) await call.run();
    else response = await api.send(call);
    if (response && response.statusCode !== 200) {
      problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return kind.get(kind.id(before));
    }
    await settled(t);
    report.ran.set(step.route, (report.ran.get(step.route) ?? 0) + 1);
    const started = (await operationRows()).filter((op) => !seen.has(op.id));
    for (const op of started) seen.add(op.id);
    for (const op of started.filter((o) => o.state !== 'succeeded'))
      problems.push(`${label}: operation ${op.kind} ${op.state}: ${op.error}`);
    if (step.cloud && started.length === 0) problems.push(`${label}: the cloud was never asked`);
    const after = await kind.get(kind.id(before));
    if (after && step.cloud && kind.failed(after)) problems.push(`${label}: left in error`);
    if (after) for (const p of await kind.cloud(after)) problems.push(`${label}: ${p}`);
    for (const p of (await step.effect?.(before, after)) ?? []) problems.push(`${label}: ${p}`);
    return after;
  }

  /**
   * Every step on a row that applies as it stands, each once, in the kind's order, starting
   * again from the first after each. When the steps left apply to none of the states met, a step
   * that moved the row to another state is run again as the way back (a stopped VM is started so
   * it can be stopped), once per state it is stuck in.
   */
  async function walk<T>(kind: Kind<T>, id: string): Promise<void> {
    const done = new Set<Step<T>>();
    const moves = new Set<Step<T>>();
    const stuckIn = new Set<string>();
    let row = await kind.get(id);
    if (!row) report.problems.push(`${kind.type} ${id}: gone before its walk`);
    while (row) {
      const current: T = row;
      const planned = async (steps: Step<T>[]) => {
        for (const step of steps) {
          const plan = await step.plan(current);
          if (!('skip' in plan)) return [step, plan] as const;
        }
        return undefined;
      };
      const left = kind.steps.filter((step) => !done.has(step));
      let next = await planned(left);
      if (!next && left.length > 0 && !stuckIn.has(kind.state(current))) {
        stuckIn.add(kind.state(current));
        next = await planned(kind.steps.filter((step) => moves.has(step)));
      }
      if (!next) return;
      const [step, plan] = next;
      row = await run(kind, step, current, plan);
      done.add(step);
      if (row && kind.state(row) !== kind.state(current)) moves.add(step);
      if (!row) report.problems.push(`${step.route} (${step.what}) on ${kind.type} ${id}: the row is gone`);
    }
  }

  /** The delete of a row where it applies; the row must be gone from the portal and the cloud. */
  async function remove<T>(kind: Kind<T>, row: T): Promise<string | null> {
    const step = kind.remove!;
    const plan = await step.plan(row);
    if ('skip' in plan) return plan.skip;
    const after = await run(kind, step, row, plan);
    const id = kind.id(row);
    if (after) report.problems.push(`${step.route} on ${kind.type} ${id}: still listed`);
    for (const p of await kind.gone(id)) report.problems.push(`${step.route} on ${kind.type} ${id}: ${p}`);
    return null;
  }

  return {
    report,
    walk,
    remove,
    /** Marks the operations so far as seen (the seed's own, if any). */
    async start() {
      for (const op of await operationRows()) seen.add(op.id);
    },
  };
}
