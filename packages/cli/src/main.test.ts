import { describe, expect, it } from 'vitest';
import { runPortal, type Reply } from './test-kit.js';

const UUID = '11111111-1111-4111-8111-111111111111';
const vm = (over: Record<string, unknown> = {}) => ({
  uuid: UUID,
  name: 'web-1',
  status: 0,
  statusReason: null,
  pendingOperation: null,
  cpuCore: 2,
  ramSize: 4,
  privateIP: '10.0.0.10',
  publicIP: null,
  ...over,
});
const page = (records: unknown[]) => ({ data: { records, total: records.length, page: 0, limit: 100 } });

describe('portal --help', () => {
  it('lists every command with its summary, in the user language', async () => {
    const en = await runPortal(['--help'], {}, { LANG: 'en_US.UTF-8' });
    expect(en.code).toBe(0);
    expect(en.out).toContain('portal vm create --name <value> --template <value>');
    expect(en.out).toContain('portal vm delete <uuid> --password <value> [--delete-data-disks] [--wait]');
    expect(en.out).toContain('Start a stopped virtual machine.');
    const zh = await runPortal(['--help'], {}, { LANG: 'zh_TW.UTF-8' });
    expect(zh.out).toContain('啟動已停止的虛擬機。');
    for (const command of ['vm list', 'disk delete', 'snapshot create', 'bucket cp', 'usage', 'login'])
      expect(zh.out).toContain(`portal ${command}`);
    const vm = await runPortal(['vm', '--help'], {});
    expect(vm.code).toBe(0);
    expect(vm.out).toContain('portal vm start <uuid> [--wait]');
    expect(vm.out).not.toContain('portal disk');
    // Without a command: the help on stderr, and a usage error.
    const none = await runPortal([], {});
    expect(none.code).toBe(2);
    expect(none.err).toContain('portal vm list');
  });
});

describe('portal vm list', () => {
  it('prints aligned columns with the status in the user language', async () => {
    const routes = { 'GET /api/vms': { body: page([vm(), vm({ uuid: 'u2', name: 'db', status: 1 })]) } };
    const en = await runPortal(['vm', 'list'], routes, { LANG: 'en_US.UTF-8' });
    expect(en.code).toBe(0);
    expect(en.out.split('\n')).toEqual([
      'UUID                                  NAME   STATUS   VCPU  RAM (GB)  PRIVATE IP  PUBLIC IP',
      `${UUID}  web-1  Stopped  2     4         10.0.0.10   -`,
      'u2                                    db     Running  2     4         10.0.0.10   -',
    ]);
    const zh = await runPortal(['vm', 'list'], routes, { LANG: 'zh_TW.UTF-8' });
    expect(zh.out).toContain('名稱');
    expect(zh.out).toContain('已關機');
  });

  it('prints the API data as it is with --output json, and sends the key and the page asked for', async () => {
    const body = page([vm()]);
    const r = await runPortal(['vm', 'list', '-o', 'json', '--limit', '5', '--search', 'web'], {
      'GET /api/vms': { body },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(body.data);
    const request = r.requests[0]!;
    expect(request.headers.get('authorization')).toBe('Bearer cpk_test');
    expect(new URL(request.url).search).toBe('?limit=5&page=0&search=web');
  });
});

describe('exit codes', () => {
  const refused = (status: number, msg: string): Record<string, Reply> => ({
    'GET /api/vms': { status, body: { msg } },
  });

  it('2 for a wrong command line', async () => {
    expect((await runPortal(['vm'], {})).code).toBe(2);
    expect((await runPortal(['frob'], {})).code).toBe(2);
    expect((await runPortal(['vm', 'get'], {})).code).toBe(2);
    expect((await runPortal(['vm', 'list', '--colour'], {})).code).toBe(2);
    expect((await runPortal(['vm', 'list', '--output', 'yaml'], {})).code).toBe(2);
    expect((await runPortal(['vm', 'list', '--limit', 'ten'], {})).code).toBe(2);
    expect((await runPortal(['usage', '--month', '2026-13'], {})).code).toBe(2);
    const noPassword = await runPortal(['vm', 'delete', UUID], {});
    expect(noPassword.code).toBe(2);
    expect(noPassword.requests).toHaveLength(0);
  });

  it('3 without a key, and on 401', async () => {
    const none = await runPortal(['vm', 'list'], {}, { PORTAL_KEY: '' });
    expect(none.code).toBe(3);
    expect(none.requests).toHaveLength(0);
    expect((await runPortal(['vm', 'list'], refused(401, 'NOT_SIGNED_IN'))).code).toBe(3);
  });

  it('4 on 403, with the code', async () => {
    const r = await runPortal(['vm', 'list'], refused(403, 'API_KEY_NOT_ALLOWED'), { LANG: 'en' });
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/^Error: API_KEY_NOT_ALLOWED: .+/);
  });

  it('5 on 404', async () => {
    const r = await runPortal(['vm', 'get', UUID], {});
    expect(r.code).toBe(5);
  });

  it('6 on another refusal, with the code and its message in the user language', async () => {
    const routes = { [`DELETE /api/vms/${UUID}`]: { status: 400, body: { msg: 'INCORRECT_PASSWORD' } } };
    const en = await runPortal(['vm', 'delete', UUID, '--password', 'x'], routes, { LANG: 'en_US.UTF-8' });
    expect(en.code).toBe(6);
    expect(en.err).toBe('Error: INCORRECT_PASSWORD: The password is incorrect.\n');
    const zh = await runPortal(['vm', 'delete', UUID], routes, { LANG: 'zh_TW.UTF-8', PORTAL_PASSWORD: 'x' });
    expect(zh.code).toBe(6);
    expect(zh.err).toMatch(/^錯誤：INCORRECT_PASSWORD: \p{Script=Han}/u);
    expect(await zh.requests[0]!.json()).toEqual({ currentPassword: 'x', deleteDataDisks: false });
  });

  it('1 when the API does not answer', async () => {
    const { main } = await import('./main.js');
    let err = '';
    const code = await main(['vm', 'list'], {
      env: { PORTAL_URL: 'http://api.test', PORTAL_KEY: 'k', PORTAL_CONFIG: '/nonexistent' },
      io: { out: () => {}, err: (t) => (err += t), errIsTTY: false },
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })),
    });
    expect(code).toBe(1);
    expect(err).toContain('ECONNREFUSED');
  });
});

describe('--wait', () => {
  const started = (ids?: string): Reply => ({
    body: { data: vm({ status: 3, pendingOperation: 'start' }) },
    headers: ids ? { 'x-operation-id': ids } : undefined,
  });
  const operation = (id: string, states: string[], error: string | null = null) => {
    let poll = 0;
    return () => {
      const state = states[Math.min(poll++, states.length - 1)];
      return { body: { data: { id, kind: 'vm.start', state, error: state === 'failed' ? error : null } } };
    };
  };

  it('polls the operations of X-Operation-Id until they succeed, a line per state on stderr', async () => {
    const r = await runPortal(['vm', 'start', UUID, '--wait'], {
      [`POST /api/vms/${UUID}/start`]: started('op-1,op-2'),
      'GET /api/operations/op-1': operation('op-1', ['queued', 'running', 'succeeded']),
      'GET /api/operations/op-2': operation('op-2', ['queued', 'running', 'succeeded']),
      [`GET /api/vms/${UUID}`]: { body: { data: vm({ status: 1 }) } },
    });
    expect(r.code).toBe(0);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^vm\.start web-1: queued… \d+ s$/),
      expect.stringMatching(/^vm\.start web-1: running… \d+ s$/),
      expect.stringMatching(/^vm\.start web-1: done \d+ s$/),
    ]);
    // The VM as it stands once started.
    expect(r.out).toContain('Running');
    expect(r.requests.filter((q) => q.url.endsWith('/api/operations/op-1'))).toHaveLength(3);
  });

  it('exits 7 when an operation fails, with its error', async () => {
    const r = await runPortal(['vm', 'start', UUID, '--wait'], {
      [`POST /api/vms/${UUID}/start`]: started('op-1'),
      'GET /api/operations/op-1': operation('op-1', ['running', 'failed'], 'HYPERVISOR_DOWN'),
    });
    expect(r.code).toBe(7);
    expect(r.err).toContain('vm.start web-1 failed: HYPERVISOR_DOWN');
  });

  it('without the header, polls the resource until its pendingOperation is null', async () => {
    let polls = 0;
    const r = await runPortal(['vm', 'start', UUID, '--wait', '-o', 'json'], {
      [`POST /api/vms/${UUID}/start`]: started(),
      [`GET /api/vms/${UUID}`]: () =>
        ++polls < 3
          ? { body: { data: vm({ status: 3, pendingOperation: 'start' }) } }
          : { body: { data: vm({ status: 1 }) } },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ status: 1, pendingOperation: null });
    expect(r.err).toMatch(/running… \d+ s\n.*done \d+ s\n$/);
  });

  it('without the header, a resource left in error is a failed operation', async () => {
    const r = await runPortal(['vm', 'start', UUID, '--wait'], {
      [`POST /api/vms/${UUID}/start`]: started(),
      [`GET /api/vms/${UUID}`]: { body: { data: vm({ status: 7, statusReason: 'NO_CAPACITY' }) } },
    });
    expect(r.code).toBe(7);
    expect(r.err).toContain('NO_CAPACITY');
  });

  it('without --wait, answers at once with the VM as the API answered', async () => {
    const r = await runPortal(['vm', 'start', UUID], { [`POST /api/vms/${UUID}/start`]: started('op-1') });
    expect(r.code).toBe(0);
    expect(r.out).toContain('Starting');
    expect(r.requests).toHaveLength(1);
  });
});
