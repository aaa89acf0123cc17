import { call, callOrGone, type Api } from '../api.js';
import {
  listQuery,
  LIST_OPTIONS,
  password,
  PASSWORD_OPTION,
  required,
  WAIT_OPTION,
  type Command,
  type Group,
  type Values,
} from '../command.js';
import { show, type Context } from '../context.js';
import { record, table } from '../output.js';
import { settle } from '../wait.js';

/** A snapshot as the API answers it. */
type Snapshot = NonNullable<Awaited<ReturnType<typeof findSnapshot>>>;

const findSnapshot = (ctx: Context, api: Api, uuid: string) =>
  callOrGone(ctx.text, api, api.client.GET('/api/snapshots/{uuid}', { params: { path: { uuid } } }));

const status = (ctx: Context, s: { status: number }) => ctx.text.web('enums', `snapshotStatus.${s.status}`);

function rows(ctx: Context, snapshots: Snapshot[]): string[] {
  const { t } = ctx.text;
  return table(
    [t('col.uuid'), t('col.name'), t('col.vm'), t('col.status'), t('col.disks'), t('col.created')],
    snapshots.map((s) => [s.uuid, s.name, s.vmName, status(ctx, s), s.diskQty, s.createDate]),
  );
}

/** After a change: the snapshot as answered, or with --wait as it stands once the cloud is done. */
async function changed(
  ctx: Context,
  api: Api,
  action: string,
  answer: { data: Snapshot; response: Response },
  values: Values,
) {
  const snapshot = await settle(ctx, api, values.wait, {
    label: `snapshot.${action} ${answer.data.name}`,
    response: answer.response,
    row: answer.data,
    reread: () => findSnapshot(ctx, api, answer.data.uuid),
    state: (now) => ({ pendingOperation: now.pendingOperation }),
  });
  show(ctx, snapshot, () => rows(ctx, [snapshot]));
}

const list: Command = {
  usage: '',
  summary: 'help.snapshot.list',
  options: LIST_OPTIONS,
  async run(ctx, _args, values) {
    const api = await ctx.api();
    const query = listQuery(ctx, values);
    const { data } = await call(ctx.text, api, api.client.GET('/api/snapshots', { params: { query } }));
    show(ctx, data, () => rows(ctx, data.records));
  },
};

const get: Command = {
  usage: '<uuid>',
  summary: 'help.snapshot.get',
  args: 1,
  async run(ctx, [uuid]) {
    const api = await ctx.api();
    const path = { uuid: uuid! };
    const { data } = await call(ctx.text, api, api.client.GET('/api/snapshots/{uuid}', { params: { path } }));
    show(ctx, data, () => record(Object.entries({ ...data, status: status(ctx, data) })));
  },
};

const create: Command = {
  usage: '',
  summary: 'help.snapshot.create',
  required: ['name', 'vm'],
  options: { name: { type: 'string' }, vm: { type: 'string' }, ...WAIT_OPTION },
  async run(ctx, _args, values) {
    const body = { name: required(ctx, values, 'name'), vmUuid: required(ctx, values, 'vm') };
    const api = await ctx.api();
    await changed(
      ctx,
      api,
      'create',
      await call(ctx.text, api, api.client.POST('/api/snapshots', { body })),
      values,
    );
  },
};

const remove: Command = {
  usage: '<uuid>',
  summary: 'help.snapshot.delete',
  args: 1,
  required: ['password'],
  options: { ...PASSWORD_OPTION, ...WAIT_OPTION },
  async run(ctx, [uuid], values) {
    const body = { currentPassword: password(ctx, values) };
    const api = await ctx.api();
    const params = { path: { uuid: uuid! } };
    const answer = await call(ctx.text, api, api.client.DELETE('/api/snapshots/{uuid}', { params, body }));
    await changed(ctx, api, 'delete', answer, values);
  },
};

export const snapshot: Group = { commands: { list, get, create, delete: remove } };
