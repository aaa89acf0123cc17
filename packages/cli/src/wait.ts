import { rawCall, type Api } from './api.js';
import type { Context } from './context.js';
import { CliError, Exit } from './exit-codes.js';
import type { MessageKey } from './text.js';

/** An operation as GET /api/operations/:id answers it. */
export interface Operation {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed';
  resourceType: string;
  resourceId: string;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** What the resource itself says while no operation id is known: gone (null) or its change under way. */
export interface ResourceState {
  pendingOperation: string | null;
  /** Why the change failed, when the resource shows a failure (an error status). */
  failure?: string | null;
}

export interface WaitTarget {
  /** `vm.start web-1`: what the progress line names. */
  label: string;
  /** The change's answer: its X-Operation-Id header names the operations to follow. */
  response: Response;
  /** The resource as it stands now, null once it is gone: followed when the answer names no operation. */
  resource: () => Promise<ResourceState | null>;
}

/** The operation ids of X-Operation-Id (`<id>[,<id>...]`). */
export function operationIds(response: Response): string[] {
  return (response.headers.get('x-operation-id') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

type Progress = { state: Operation['state']; error?: string | null };

/**
 * Until the change ends: each operation of X-Operation-Id polled (GET /api/operations/:id), or,
 * without the header, the resource until its pendingOperation is null; a progress line on stderr
 * meanwhile ("vm.start web-1: running… 4 s"). A failed operation ends the command with exit 7.
 */
export async function waitFor(ctx: Context, api: Api, target: WaitTarget): Promise<void> {
  const ids = operationIds(target.response);
  const started = ctx.now();
  const progress = createProgress(ctx, target.label, started);
  for (;;) {
    const now = ids.length ? await operationsProgress(ctx, api, ids) : await resourceProgress(target);
    progress.show(now.state);
    if (now.state === 'succeeded') return progress.end();
    if (now.state === 'failed') {
      progress.end();
      throw new CliError(
        Exit.OPERATION_FAILED,
        ctx.text.t('wait.failed', { label: target.label, error: now.error ?? '-' }),
      );
    }
    await ctx.sleep(ctx.pollMs);
  }
}

/** The least advanced of the operations: failed when any failed, succeeded when all did. */
async function operationsProgress(ctx: Context, api: Api, ids: string[]): Promise<Progress> {
  const operations = await Promise.all(
    ids.map(async (id) => {
      const response = await rawCall(ctx.text, api, () => api.raw('GET', `/api/operations/${id}`));
      return ((await response.json()) as { data: Operation }).data;
    }),
  );
  const failed = operations.find((o) => o.state === 'failed');
  if (failed) return { state: 'failed', error: failed.error };
  if (operations.every((o) => o.state === 'succeeded')) return { state: 'succeeded' };
  return { state: operations.some((o) => o.state === 'running') ? 'running' : 'queued' };
}

async function resourceProgress(target: WaitTarget): Promise<Progress> {
  const resource = await target.resource();
  if (!resource) return { state: 'succeeded' };
  if (resource.pendingOperation) return { state: 'running' };
  return resource.failure ? { state: 'failed', error: resource.failure } : { state: 'succeeded' };
}

const STATE_KEYS: Record<Operation['state'], MessageKey> = {
  queued: 'wait.queued',
  running: 'wait.running',
  succeeded: 'wait.succeeded',
  failed: 'wait.failed.state',
};

/**
 * The progress line: on a terminal one line rewritten in place each poll; elsewhere (a script's
 * log) a line each time the state changes, so the log stays short.
 */
function createProgress(ctx: Context, label: string, started: number) {
  const { io, text } = ctx;
  let last = '';
  let open = false;
  const line = (state: Operation['state']) =>
    text.t('wait.progress', {
      label,
      state: text.t(STATE_KEYS[state]),
      seconds: Math.round((ctx.now() - started) / 1000),
    });
  return {
    show(state: Operation['state']) {
      if (io.errIsTTY) {
        io.err(`\r\x1b[2K${line(state)}`);
        open = true;
      } else if (state !== last) io.err(`${line(state)}\n`);
      last = state;
    },
    end() {
      if (open) io.err('\n');
      open = false;
    },
  };
}

export interface Change<T> {
  label: string;
  /** The change's answer, and the row it carried. */
  response: Response;
  row: T;
  /** The row as it stands now, null once it is gone. */
  reread: () => Promise<T | null>;
  /** Whether a change is under way on the row, and why it failed when it shows a failure. */
  state: (row: T) => ResourceState;
}

/**
 * The row to print after a change: with --wait, followed until the cloud is done and read again
 * (the answer's own row when it is gone); without, the answer's row as it is.
 */
export async function settle<T>(ctx: Context, api: Api, wait: unknown, change: Change<T>): Promise<T> {
  if (!wait) return change.row;
  await waitFor(ctx, api, {
    label: change.label,
    response: change.response,
    resource: async () => {
      const now = await change.reread();
      return now && change.state(now);
    },
  });
  return (await change.reread()) ?? change.row;
}
