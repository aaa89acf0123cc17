import type { ResourceKind } from '@portal/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudDriver, OperationRef, TaskResult } from '../../cloud/driver.js';
import type { Db } from '../../db/database.js';
import { operations, type OperationRow } from '../../db/schema/index.js';
import { cloudReasonOf } from '@portal/shared';
import type { Clock } from '../clock.js';
import type { OperationQueue } from './queue.js';

/**
 * What one kind of operation does: ask the cloud, then write what the cloud answered. `succeeded`
 * and `failed` run in the transaction that closes the operation, so the resource's final status
 * and the operation's end are written together.
 */
export interface OperationHandler {
  submit(driver: CloudDriver, ref: OperationRef, op: OperationRow): Promise<void>;
  succeeded(tx: Db, op: OperationRow, result: TaskResult): Promise<void>;
  failed(tx: Db, op: OperationRow, error: string): Promise<void>;
  /** Work after the closing transaction committed (a mail); its failure is logged, not retried. */
  after?(op: OperationRow, outcome: 'succeeded' | 'failed'): Promise<void>;
}

export interface NewOperation {
  clientId: string;
  userId: string | null;
  /** A declared resource's type (the shared contract's). */
  resourceType: ResourceKind;
  resourceId: string;
  kind: string;
  input?: Record<string, unknown>;
}

export const OPERATION_QUEUE = 'cloud.operation';
const SWEEP_QUEUE = 'cloud.operation.sweep';

export interface OperationsOptions {
  db: Db;
  clock: Clock;
  driver: CloudDriver;
  log: FastifyBaseLogger;
  /** How long a worker holds an operation it is working on before another may take it over. */
  leaseMs?: number;
  /** A task due within this long is waited for in place; a later one is handed to a delayed job. */
  inlineWaitMs?: number;
  /** After this many tries an operation is failed for good. */
  maxAttempts?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The life of a change (ARCHITECTURE, "How a change travels"). `start` writes the operation and
 * its job in the caller's transaction; after commit, `kick` runs it here at once, and the job is
 * the durable path: any instance may take it. Whoever runs it first claims a lease on the row, so
 * an operation is worked on by one process at a time and finishes once; the cloud driver is asked
 * with the operation's id, so a retry after a crash never doubles the work. The sweep hands out
 * again whatever a dead process left behind.
 */
export function createOperations(options: OperationsOptions) {
  const { db, clock, driver, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const inlineWaitMs = options.inlineWaitMs ?? 1_500;
  const maxAttempts = options.maxAttempts ?? 20;
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, OperationHandler>();
  const running = new Set<Promise<void>>();
  let queue: OperationQueue | null = null;
  let closed = false;

  const at = (ms: number) => new Date(clock.now().getTime() + ms);

  async function claim(id: string): Promise<OperationRow | undefined> {
    const [row] = await db
      .update(operations)
      .set({
        state: 'running',
        attempts: sql`${operations.attempts} + 1`,
        worker,
        leaseUntil: at(leaseMs),
      })
      .where(
        and(
          eq(operations.id, id),
          inArray(operations.state, ['queued', 'running']),
          or(isNull(operations.leaseUntil), lt(operations.leaseUntil, clock.now())),
        ),
      )
      .returning();
    return row;
  }

  /** Close the operation with the cloud's answer, and the resource with it. */
  async function close(op: OperationRow, outcome: { result: TaskResult } | { error: string }) {
    const handler = handlers.get(op.kind);
    const succeeded = 'result' in outcome;
    if (!succeeded)
      log.warn({ operation: op.id, kind: op.kind, error: outcome.error }, 'the cloud refused an operation');
    await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(operations)
        .set({
          state: succeeded ? 'succeeded' : 'failed',
          finishedAt: clock.now(),
          leaseUntil: null,
          result: succeeded ? (outcome.result as Record<string, unknown>) : null,
          error: succeeded ? null : outcome.error,
        })
        .where(and(eq(operations.id, op.id), eq(operations.worker, worker), eq(operations.state, 'running')))
        .returning();
      // Another worker took the operation over (our lease ran out): it will close it.
      if (!mine || !handler) return;
      if (succeeded) await handler.succeeded(tx, op, outcome.result);
      // The resource keeps a code the web words in its language; the cloud's own words stay on
      // the operation's row (`error`) and in the log.
      else await handler.failed(tx, op, cloudReasonOf(outcome.error));
    });
    await handler?.after?.(op, succeeded ? 'succeeded' : 'failed').catch((error: unknown) => {
      log.error({ err: error, operation: op.id }, 'after-operation work failed');
    });
  }

  /** Hand the operation to a delayed job for when the cloud says it will be done. */
  async function defer(op: OperationRow, until: Date) {
    await db.transaction(async (tx) => {
      await tx
        .update(operations)
        .set({ leaseUntil: until, worker: null })
        .where(and(eq(operations.id, op.id), eq(operations.worker, worker)));
      // A second after the lease ends, so the job's claim never meets the lease still running.
      await queue?.send(
        OPERATION_QUEUE,
        { operationId: op.id },
        { tx, startAfter: new Date(until.getTime() + 1000) },
      );
    });
    // Without a queue (a bare test app) this process keeps the promise itself.
    if (!queue) {
      const timer = setTimeout(() => kick(op.id), Math.max(0, until.getTime() - clock.now().getTime()) + 50);
      timer.unref();
    }
  }

  async function run(id: string): Promise<void> {
    const op = await claim(id);
    if (!op) return;
    const handler = handlers.get(op.kind);
    if (!handler) {
      await close(op, { error: `no handler for ${op.kind}` });
      return;
    }
    if (op.attempts > maxAttempts) {
      await close(op, { error: 'the cloud did not finish the request' });
      return;
    }
    const ref = { operationId: op.id, clientId: op.clientId };
    try {
      let state = await driver.task(op.id);
      if (state.state === 'unknown') {
        await handler.submit(driver, ref, op);
        await db.update(operations).set({ submittedAt: clock.now() }).where(eq(operations.id, op.id));
        state = await driver.task(op.id);
      }
      while (state.state === 'pending' && !closed) {
        const wait = state.completesAt.getTime() - clock.now().getTime();
        if (wait > inlineWaitMs) {
          await defer(op, state.completesAt);
          return;
        }
        await sleep(Math.max(wait, 0));
        state = await driver.task(op.id);
      }
      // This process is stopping: the job hands the operation to another when the cloud is done,
      // rather than leaving it under our lease until the sweep.
      if (state.state === 'pending') {
        await defer(op, state.completesAt);
        return;
      }
      if (state.state === 'done') await close(op, { result: state.result });
      else if (state.state === 'failed') await close(op, { error: state.error });
      else if (state.state === 'unknown') throw new Error('the cloud lost the request');
    } catch (error) {
      // Leave it to the sweep after a pause: the lease runs out and another try begins.
      log.error({ err: error, operation: op.id }, 'operation failed to run; it will be retried');
      await db
        .update(operations)
        .set({ leaseUntil: at(Math.min(leaseMs, 5_000)), worker: null })
        .where(and(eq(operations.id, op.id), eq(operations.worker, worker)))
        .catch(() => undefined);
    }
  }

  /** Run an operation in this process now (it is skipped when another holds it). */
  function kick(id: string): void {
    if (closed) return;
    const work = run(id)
      .catch((error: unknown) => log.error({ err: error, operation: id }, 'operation run failed'))
      .finally(() => running.delete(work));
    running.add(work);
  }

  /** Operations nobody holds any more (a crashed worker's, or a lost job's): run them again. */
  async function sweep(): Promise<number> {
    const now = clock.now();
    const stale = await db
      .select({ id: operations.id })
      .from(operations)
      .where(
        and(
          inArray(operations.state, ['queued', 'running']),
          or(
            lt(operations.leaseUntil, now),
            and(isNull(operations.leaseUntil), lt(operations.createdAt, new Date(now.getTime() - 10_000))),
          ),
        ),
      )
      .limit(500);
    for (const { id } of stale) kick(id);
    return stale.length;
  }

  return {
    /** Register what a kind of operation does (each module declares its own). */
    define(kind: string, handler: OperationHandler) {
      if (handlers.has(kind)) throw new Error(`operation ${kind} defined twice`);
      handlers.set(kind, handler);
    },

    /** Write an operation and its job in the caller's transaction; kick it after commit. */
    async start(tx: Db, input: NewOperation): Promise<OperationRow> {
      const [row] = await tx
        .insert(operations)
        .values({ ...input, input: input.input ?? {}, createdAt: clock.now() })
        .returning();
      await queue?.send(OPERATION_QUEUE, { operationId: row!.id }, { tx });
      return row!;
    },

    kick,
    sweep,

    /** Take jobs from the queue on this instance, and sweep on a schedule and once now. */
    async attach(jobs: OperationQueue) {
      queue = jobs;
      await jobs.work<{ operationId: string }>(OPERATION_QUEUE, (data) => run(data.operationId), {
        concurrency: 8,
      });
      await jobs.schedule(SWEEP_QUEUE, '* * * * *', async () => void (await sweep()));
      await sweep();
    },

    /**
     * Without a job queue (a single instance on the embedded database): sweep now and every few
     * seconds, so what a dead process left behind is taken up again.
     */
    sweepEvery(ms: number) {
      void sweep().catch((error: unknown) => log.error({ err: error }, 'operation sweep failed'));
      const timer = setInterval(() => {
        if (!closed)
          void sweep().catch((error: unknown) => log.error({ err: error }, 'operation sweep failed'));
      }, ms);
      timer.unref();
      return () => clearInterval(timer);
    },

    /**
     * Wait until no operation runs in this process (tests). A graceful stop calls stop(), which
     * takes no new one and hands those still waiting for the cloud to the queue.
     */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    async stop(): Promise<void> {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
