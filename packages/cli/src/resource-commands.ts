import { call, callOrGone, type Answer, type Api } from './api.js';
import {
  listQuery,
  LIST_OPTIONS,
  password,
  PASSWORD_OPTION,
  WAIT_OPTION,
  type Command,
  type Options,
  type Values,
} from './command.js';
import { show, type Context } from './context.js';
import { record } from './output.js';
import { settle } from './wait.js';
import type { MessageKey } from './text.js';

/** A row of a resource the cloud changes: its uuid, and the change under way on it. */
interface Row {
  uuid: string;
  pendingOperation: string | null;
}

interface Page<T> {
  records: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * What the list, get and delete commands of a cloud resource (vm, disk, snapshot) and its --wait
 * need to know of it: its calls on the typed client, its table, and how a failure shows on a row.
 */
export interface ResourceSpec<T extends Row> {
  kind: 'vm' | 'disk' | 'snapshot';
  nameOf(row: T): string;
  get(api: Api, uuid: string): Promise<Answer<T>>;
  list(api: Api, query: ReturnType<typeof listQuery>, values: Values): Promise<Answer<Page<T>>>;
  /** Options of its list beyond --limit, --page and --search. */
  listOptions?: Options;
  remove(api: Api, uuid: string, currentPassword: string, values: Values): Promise<Answer<T>>;
  /** Options of its delete beyond --password and --wait. */
  removeOptions?: Options;
  /** Rows as a table, in the user's language. */
  rows(ctx: Context, rows: T[]): string[];
  /** One row for `get`: its fields, the coded ones as labels. */
  detail(ctx: Context, row: T): Record<string, unknown>;
  /** Why the cloud's change failed, when the row shows a failure (an error status). */
  failure?(ctx: Context, row: T): string | null;
}

/** The list, get and delete commands of a resource, and what its changes print (`changed`). */
export function resourceCommands<T extends Row>(spec: ResourceSpec<T>) {
  const summary = (action: string) => `help.${spec.kind}.${action}` as MessageKey;

  /** After a change: the row as answered, or with --wait as it stands once the cloud is done. */
  async function changed(
    ctx: Context,
    api: Api,
    action: string,
    answer: { data: T; response: Response },
    values: Values,
  ) {
    const row = await settle(ctx, api, values.wait, {
      label: `${spec.kind}.${action} ${spec.nameOf(answer.data)}`,
      response: answer.response,
      row: answer.data,
      reread: () => callOrGone(ctx.text, api, spec.get(api, answer.data.uuid)),
      state: (now) => ({ pendingOperation: now.pendingOperation, failure: spec.failure?.(ctx, now) ?? null }),
    });
    show(ctx, row, () => spec.rows(ctx, [row]));
  }

  const list: Command = {
    usage: '',
    summary: summary('list'),
    options: { ...LIST_OPTIONS, ...spec.listOptions },
    async run(ctx, _args, values) {
      const api = await ctx.api();
      const { data } = await call(ctx.text, api, spec.list(api, listQuery(ctx, values), values));
      show(ctx, data, () => spec.rows(ctx, data.records));
    },
  };

  const get: Command = {
    usage: '<uuid>',
    summary: summary('get'),
    args: 1,
    async run(ctx, [uuid], _values) {
      const api = await ctx.api();
      const { data } = await call(ctx.text, api, spec.get(api, uuid!));
      show(ctx, data, () => record(Object.entries(spec.detail(ctx, data))));
    },
  };

  const remove: Command = {
    usage: '<uuid>',
    summary: summary('delete'),
    args: 1,
    required: ['password'],
    options: { ...PASSWORD_OPTION, ...spec.removeOptions, ...WAIT_OPTION },
    async run(ctx, [uuid], values) {
      const currentPassword = password(ctx, values);
      const api = await ctx.api();
      await changed(
        ctx,
        api,
        'delete',
        await call(ctx.text, api, spec.remove(api, uuid!, currentPassword, values)),
        values,
      );
    },
  };

  return { list, get, delete: remove, changed };
}
