import type { paths } from '@portal/client';
import { call } from '../api.js';
import { intOption, required, usageError, WAIT_OPTION, type Command, type Group } from '../command.js';
import type { Context } from '../context.js';
import { table } from '../output.js';
import { resourceCommands } from '../resource-commands.js';

/** A disk as the API answers it. */
type Disk = paths['/api/disks/{uuid}']['get']['responses'][200]['content']['application/json']['data'];

/** Disk status 7: the cloud gave up on it. */
const DISK_ERROR = 7;
const SPEEDS = { ssd: 0, hdd: 1 } as const;

const status = (ctx: Context, disk: Disk) => ctx.text.web('enums', `diskStatus.${disk.status}`);
const speed = (ctx: Context, disk: Disk) => ctx.text.web('enums', `diskSpeed.${disk.diskSpeed}`);

const disks = resourceCommands<Disk>({
  kind: 'disk',
  nameOf: (disk) => disk.diskName,
  get: (api, uuid) => api.client.GET('/api/disks/{uuid}', { params: { path: { uuid } } }),
  list: (api, query, values) =>
    api.client.GET('/api/disks', {
      params: { query: { ...query, ...(typeof values.vm === 'string' ? { vmUuid: values.vm } : {}) } },
    }),
  listOptions: { vm: { type: 'string' } },
  remove: (api, uuid, currentPassword) =>
    api.client.DELETE('/api/disks/{uuid}', { params: { path: { uuid } }, body: { currentPassword } }),
  rows: (ctx, rows) => {
    const { t } = ctx.text;
    return table(
      [t('col.uuid'), t('col.name'), t('col.sizeGb'), t('col.speed'), t('col.status'), t('col.vm')],
      rows.map((d) => [d.uuid, d.diskName, d.diskSize, speed(ctx, d), status(ctx, d), d.vmName]),
    );
  },
  detail: (ctx, disk) => ({ ...disk, status: status(ctx, disk), diskSpeed: speed(ctx, disk) }),
  failure: (ctx, disk) => (disk.status === DISK_ERROR ? (disk.statusReason ?? status(ctx, disk)) : null),
});

const create: Command = {
  usage: '',
  summary: 'help.disk.create',
  required: ['name', 'size'],
  options: {
    name: { type: 'string' },
    size: { type: 'string' },
    speed: { type: 'string' },
    vm: { type: 'string' },
    ...WAIT_OPTION,
  },
  async run(ctx, _args, values) {
    const speedName = ((values.speed as string | undefined) ?? 'ssd').toLowerCase();
    if (!(speedName in SPEEDS))
      throw usageError(ctx, 'usage.badChoice', { option: '--speed', choices: 'ssd, hdd' });
    const body = {
      diskName: required(ctx, values, 'name'),
      diskSize: intOption(ctx, { size: required(ctx, values, 'size') }, 'size')!,
      diskSpeed: SPEEDS[speedName as keyof typeof SPEEDS],
      ...(typeof values.vm === 'string' ? { vmUuid: values.vm } : {}),
    };
    const api = await ctx.api();
    await disks.changed(
      ctx,
      api,
      'create',
      await call(ctx.text, api, api.client.POST('/api/disks', { body })),
      values,
    );
  },
};

export const disk: Group = { commands: { list: disks.list, get: disks.get, create, delete: disks.delete } };
