import type { Db } from '../../db/database.js';

/**
 * The part of the job queue (platform/jobs, pg-boss) that operations use. Declared here so the
 * operations depend on what they call, not on the queue's whole surface.
 */
export interface OperationQueue {
  send(queue: string, data: object, options?: { tx?: Db; startAfter?: Date }): Promise<string | null>;
  work<T extends object>(
    queue: string,
    handler: (data: T) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>;
  schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void>;
}
