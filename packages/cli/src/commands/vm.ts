import type { paths } from '@portal/client';
import { call } from '../api.js';
import { intOption, required, WAIT_OPTION, type Command, type Group } from '../command.js';
import type { Context } from '../context.js';
import { table } from '../output.js';
import { resourceCommands } from '../resource-commands.js';

/** A VM as the API answers it. */
type Vm = paths['/api/vms/{uuid}']['get']['responses'][200]['content']['application/json']['data'];

/** VM status 7: the cloud gave up on it. */
const VM_ERROR = 7;

const status = (ctx: Context, vm: Vm) => ctx.text.web('enums', `vmStatus.${vm.status}`);

const vms = resourceCommands<Vm>({
  kind: 'vm',
  nameOf: (vm) => vm.name,
  get: (api, uuid) => api.client.GET('/api/vms/{uuid}', { params: { path: { uuid } } }),
  list: (api, query) => api.client.GET('/api/vms', { params: { query } }),
  remove: (api, uuid, currentPassword, values) =>
    api.client.DELETE('/api/vms/{uuid}', {
      params: { path: { uuid } },
      body: { currentPassword, deleteDataDisks: Boolean(values['delete-data-disks']) },
    }),
  removeOptions: { 'delete-data-disks': { type: 'boolean' } },
  rows: (ctx, rows) => {
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
      rows.map((vm) => [
        vm.uuid,
        vm.name,
        status(ctx, vm),
        vm.cpuCore,
        vm.ramSize,
        vm.privateIP,
        vm.publicIP,
      ]),
    );
  },
  detail: (ctx, vm) => ({ ...vm, status: status(ctx, vm) }),
  failure: (ctx, vm) => (vm.status === VM_ERROR ? (vm.statusReason ?? status(ctx, vm)) : null),
});

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
    await vms.changed(
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
    await vms.changed(ctx, api, action, answer, values);
  },
});

export const vm: Group = {
  commands: {
    list: vms.list,
    get: vms.get,
    create,
    start: power('start'),
    stop: power('stop'),
    delete: vms.delete,
  },
};
