import { call, callOrGone, type Api } from '../api.js';
import {
  intOption,
  listQuery,
  LIST_OPTIONS,
  password,
  PASSWORD_OPTION,
  required,
  usageError,
  WAIT_OPTION,
  type Command,
  type Group,
  type Values,
} from '../command.js';
import { show, type Context } from '../context.js';
import { record, table } from '../output.js';
import { settle } from '../wait.js';

/** A disk as the API answers it. */
type Disk = NonNullable<Awaited<ReturnType<typeof findDisk>>>;

/** Disk status 7: the cloud gave up on it. */
const DISK_ERROR = 7;
const SPEEDS = { ssd: 0, hdd: 1 } as const;

const findDisk = (ctx: Context, api: Api, uuid: string) =>
  callOrGone(ctx.text, api, api.client.GET('/api/disks/{uuid}', { params: { path: { uuid } } }));

const status = (ctx: Context, disk: { status: number }) => ctx.text.web('enums', `diskStatus.${disk.status}`);
const speed = (ctx: Context, disk: { diskSpeed: number }) =>
  ctx.text.web('enums', `diskSpeed.${disk.diskSpeed}`);

function rows(ctx: Context, disks: Disk[]): string[] {
  const { t } = ctx.text;
  return table(
    [t('col.uuid'), t('col.name'), t('col.sizeGb'), t('col.speed'), t('col.status'), t('col.vm')],
    disks.map((d) => [d.uuid, d.diskName, d.diskSize, speed(ctx, d), status(ctx, d), d.vmName]),
  );
}

/** After a change: the disk as answered, or with --wait as it stands once the cloud is done. */
async function changed(
  ctx: Context,
  api: Api,
  action: string,
  answer: { data: Disk; response: Response },
  values: Values,
) {
  const disk = await settle(ctx, api, values.wait, {
    label: `disk.${action} ${answer.data.diskName}`,
    response: answer.response,
    row: answer.data,
    reread: () => findDisk(ctx, api, answer.data.uuid),
    state: (now) => ({
      pendingOperation: now.pendingOperation,
      failure: now.status === DISK_ERROR ? (now.statusReason ?? status(ctx, now)) : null,
    }),
  });
  show(ctx, disk, () => rows(ctx, [disk]));
}

const list: Command = {
  usage: '',
  summary: 'help.disk.list',
  options: { ...LIST_OPTIONS, vm: { type: 'string' } },
  async run(ctx, _args, values) {
    const api = await ctx.api();
    const query = { ...listQuery(ctx, values), ...(values.vm ? { vmUuid: values.vm as string } : {}) };
    const { data } = await call(ctx.text, api, api.client.GET('/api/disks', { params: { query } }));
    show(ctx, data, () => rows(ctx, data.records));
  },
};

const get: Command = {
  usage: '<uuid>',
  summary: 'help.disk.get',
  args: 1,
  async run(ctx, [uuid]) {
    const api = await ctx.api();
    const path = { uuid: uuid! };
    const { data: disk } = await call(
      ctx.text,
      api,
      api.client.GET('/api/disks/{uuid}', { params: { path } }),
    );
    show(ctx, disk, () =>
      record(Object.entries({ ...disk, status: status(ctx, disk), diskSpeed: speed(ctx, disk) })),
    );
  },
};

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
      ...(values.vm ? { vmUuid: values.vm as string } : {}),
    };
    const api = await ctx.api();
    await changed(
      ctx,
      api,
      'create',
      await call(ctx.text, api, api.client.POST('/api/disks', { body })),
      values,
    );
  },
};

const remove: Command = {
  usage: '<uuid>',
  summary: 'help.disk.delete',
  args: 1,
  required: ['password'],
  options: { ...PASSWORD_OPTION, ...WAIT_OPTION },
  async run(ctx, [uuid], values) {
    const body = { currentPassword: password(ctx, values) };
    const api = await ctx.api();
    const params = { path: { uuid: uuid! } };
    const answer = await call(ctx.text, api, api.client.DELETE('/api/disks/{uuid}', { params, body }));
    await changed(ctx, api, 'delete', answer, values);
  },
};

export const disk: Group = { commands: { list, get, create, delete: remove } };
