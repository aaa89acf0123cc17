import { call, callOrGone, type Api } from '../api.js';
import {
  intOption,
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

/** A VM as the API answers it. */
type Vm = NonNullable<Awaited<ReturnType<typeof findVm>>>;

/** VM status 7: the cloud gave up on it. */
const VM_ERROR = 7;

const findVm = (ctx: Context, api: Api, uuid: string) =>
  callOrGone(ctx.text, api, api.client.GET('/api/vms/{uuid}', { params: { path: { uuid } } }));

const status = (ctx: Context, vm: { status: number }) => ctx.text.web('enums', `vmStatus.${vm.status}`);

function rows(ctx: Context, vms: Vm[]): string[] {
  const { t } = ctx.text;
  return table(
    [
      t('col.uuid'),
      t('col.name'),
      t('col.status'),
      t('col.cpu'),
      t('col.ramGb'),
      t('col.privateIp'),
      t('col.publicIp'),
    ],
    vms.map((vm) => [vm.uuid, vm.name, status(ctx, vm), vm.cpuCore, vm.ramSize, vm.privateIP, vm.publicIP]),
  );
}

/** After a change: the VM as answered, or with --wait as it stands once the cloud is done. */
async function changed(
  ctx: Context,
  api: Api,
  action: string,
  answer: { data: Vm; response: Response },
  values: Values,
) {
  const vm = await settle(ctx, api, values.wait, {
    label: `vm.${action} ${answer.data.name}`,
    response: answer.response,
    row: answer.data,
    reread: () => findVm(ctx, api, answer.data.uuid),
    state: (now) => ({
      pendingOperation: now.pendingOperation,
      failure: now.status === VM_ERROR ? (now.statusReason ?? status(ctx, now)) : null,
    }),
  });
  show(ctx, vm, () => rows(ctx, [vm]));
}

const list: Command = {
  usage: '',
  summary: 'help.vm.list',
  options: LIST_OPTIONS,
  async run(ctx, _args, values) {
    const api = await ctx.api();
    const query = listQuery(ctx, values);
    const { data } = await call(ctx.text, api, api.client.GET('/api/vms', { params: { query } }));
    show(ctx, data, () => rows(ctx, data.records));
  },
};

const get: Command = {
  usage: '<uuid>',
  summary: 'help.vm.get',
  args: 1,
  async run(ctx, [uuid]) {
    const api = await ctx.api();
    const path = { uuid: uuid! };
    const { data: vm } = await call(ctx.text, api, api.client.GET('/api/vms/{uuid}', { params: { path } }));
    show(ctx, vm, () => record(Object.entries({ ...vm, status: status(ctx, vm) })));
  },
};

const create: Command = {
  usage: '',
  summary: 'help.vm.create',
  required: ['name', 'template', 'cpu', 'ram', 'disk', 'vpc'],
  options: {
    name: { type: 'string' },
    template: { type: 'string' },
    cpu: { type: 'string' },
    ram: { type: 'string' },
    disk: { type: 'string' },
    vpc: { type: 'string' },
    firewall: { type: 'string', multiple: true },
    'no-public-ip': { type: 'boolean' },
    ...WAIT_OPTION,
  },
  async run(ctx, _args, values) {
    const number = (name: string) => intOption(ctx, { [name]: required(ctx, values, name) }, name)!;
    const body = {
      name: required(ctx, values, 'name'),
      templateUUID: required(ctx, values, 'template'),
      cpuCore: number('cpu'),
      ramSize: number('ram'),
      rootDiskSize: number('disk'),
      vpcUuid: required(ctx, values, 'vpc'),
      firewallUuids: (values.firewall as string[] | undefined) ?? [],
      isAutoAssignPublicIP: !values['no-public-ip'],
    };
    const api = await ctx.api();
    await changed(
      ctx,
      api,
      'create',
      await call(ctx.text, api, api.client.POST('/api/vms', { body })),
      values,
    );
  },
};

/** start and stop: a POST on the VM, nothing in the body. */
const power = (action: 'start' | 'stop'): Command => ({
  usage: '<uuid>',
  summary: action === 'start' ? 'help.vm.start' : 'help.vm.stop',
  args: 1,
  options: WAIT_OPTION,
  async run(ctx, [uuid], values) {
    const api = await ctx.api();
    const route = action === 'start' ? '/api/vms/{uuid}/start' : '/api/vms/{uuid}/stop';
    const answer = await call(ctx.text, api, api.client.POST(route, { params: { path: { uuid: uuid! } } }));
    await changed(ctx, api, action, answer, values);
  },
});

const remove: Command = {
  usage: '<uuid>',
  summary: 'help.vm.delete',
  args: 1,
  required: ['password'],
  options: { ...PASSWORD_OPTION, 'delete-data-disks': { type: 'boolean' }, ...WAIT_OPTION },
  async run(ctx, [uuid], values) {
    const body = {
      currentPassword: password(ctx, values),
      deleteDataDisks: Boolean(values['delete-data-disks']),
    };
    const api = await ctx.api();
    const params = { path: { uuid: uuid! } };
    await changed(
      ctx,
      api,
      'delete',
      await call(ctx.text, api, api.client.DELETE('/api/vms/{uuid}', { params, body })),
      values,
    );
  },
};

export const vm: Group = {
  commands: { list, get, create, start: power('start'), stop: power('stop'), delete: remove },
};
