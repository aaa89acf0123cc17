import type { paths } from '@portal/client';
import { call } from '../api.js';
import { required, WAIT_OPTION, type Command, type Group } from '../command.js';
import type { Context } from '../context.js';
import { table } from '../output.js';
import { resourceCommands } from '../resource-commands.js';

/** A snapshot as the API answers it. */
type Snapshot =
  paths['/api/snapshots/{uuid}']['get']['responses'][200]['content']['application/json']['data'];

const status = (ctx: Context, s: Snapshot) => ctx.text.web('enums', `snapshotStatus.${s.status}`);

const snapshots = resourceCommands<Snapshot>({
  kind: 'snapshot',
  nameOf: (s) => s.name,
  get: (api, uuid) => api.client.GET('/api/snapshots/{uuid}', { params: { path: { uuid } } }),
  list: (api, query) => api.client.GET('/api/snapshots', { params: { query } }),
  remove: (api, uuid, currentPassword) =>
    api.client.DELETE('/api/snapshots/{uuid}', { params: { path: { uuid } }, body: { currentPassword } }),
  rows: (ctx, rows) => {
    const { t } = ctx.text;
    return table(
      [t('col.uuid'), t('col.name'), t('col.vm'), t('col.status'), t('col.disks'), t('col.created')],
      rows.map((s) => [s.uuid, s.name, s.vmName, status(ctx, s), s.diskQty, s.createDate]),
    );
  },
  detail: (ctx, s) => ({ ...s, status: status(ctx, s) }),
});

const create: Command = {
  usage: '',
  summary: 'help.snapshot.create',
  required: ['name', 'vm'],
  options: { name: { type: 'string' }, vm: { type: 'string' }, ...WAIT_OPTION },
  async run(ctx, _args, values) {
    const body = { name: required(ctx, values, 'name'), vmUuid: required(ctx, values, 'vm') };
    const api = await ctx.api();
    const answer = await call(ctx.text, api, api.client.POST('/api/snapshots', { body }));
    await snapshots.changed(ctx, api, 'create', answer, values);
  },
};

export const snapshot: Group = {
  commands: { list: snapshots.list, get: snapshots.get, create, delete: snapshots.delete },
};
