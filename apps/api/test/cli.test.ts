import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VmStatus, type Vm } from '@portal/shared';
import { createDefaultNetwork } from '../src/modules/compute/default-network.js';
import { buildSignedIn, type TestApp } from './build.js';
import { spawnPortal } from '../../../packages/cli/src/spawn-portal.js';

/**
 * The `portal` CLI (packages/cli) end to end: its bin in a process of its own, against the API
 * listening on a real socket, signed in with a session token (sent as an API key is).
 */
const UBUNTU = '6a1f0c1e-0000-4000-8000-000000000001';

let t: TestApp, token: string, url: string, dir: string;
let network: Awaited<ReturnType<typeof createDefaultNetwork>>;
/** The VM the CLI launches. */
let vm: Vm;

beforeAll(async () => {
  let tenant;
  ({ t, tenant, token } = await buildSignedIn());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-e2e-'));
  network = await createDefaultNetwork(t.db, tenant.client.id);
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `portal <args>` as a user runs it: its exit code and what it printed. */
const portal = (args: string[], env: Record<string, string> = {}) => spawnPortal(dir)(args, env);

describe('the portal CLI against a listening API', () => {
  it('signs in, launches a VM, lists it, and stops and starts it with --wait', async () => {
    // As `--key=`: a session token (unlike an API key, cpk_...) may begin with a dash.
    const login = await portal(['login', `--key=${token}`, '--url', url]);
    expect(login, login.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8'))).toEqual({ url, key: token });

    const create = await portal([
      ...[
        'vm',
        'create',
        '--name',
        'web-1',
        '--template',
        UBUNTU,
        '--cpu',
        '2',
        '--ram',
        '4',
        '--disk',
        '50',
      ],
      ...['--vpc', network.vpc.id, '--firewall', network.firewall.id, '--wait', '-o', 'json'],
    ]);
    expect(create.code, create.stderr).toBe(0);
    vm = JSON.parse(create.stdout) as Vm;
    expect(vm).toMatchObject({ name: 'web-1', status: VmStatus.RUNNING, pendingOperation: null });

    const list = await portal(['vm', 'list']);
    expect(list.code, list.stderr).toBe(0);
    const [header, row] = list.stdout.trim().split('\n');
    expect(header).toMatch(/^UUID\s+NAME\s+STATUS\s+VCPU/);
    expect(row).toMatch(new RegExp(`^${vm.uuid}\\s+web-1\\s+Running\\s+2\\s+4\\s+10\\.0\\.0\\.10`));

    const stop = await portal(['vm', 'stop', vm.uuid, '--wait']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toMatch(/^vm\.stop web-1: (running…|done) \d+ s$/m);
    expect(stop.stderr).toMatch(/done \d+ s\n$/);
    expect(stop.stdout).toMatch(/web-1\s+Stopped/);

    // In Chinese, and as JSON: the API's data as it is.
    const start = await portal(['vm', 'start', vm.uuid, '--wait', '--output', 'json'], {
      LANG: 'zh_TW.UTF-8',
    });
    expect(start.code, start.stderr).toBe(0);
    expect(start.stderr).toMatch(/^vm\.start web-1：(執行中…|完成) \d+ 秒$/m);
    expect(JSON.parse(start.stdout)).toMatchObject({
      uuid: vm.uuid,
      status: VmStatus.RUNNING,
      pendingOperation: null,
    });
  });

  it('exits by outcome: 5 for a missing VM, 6 for a wrong password, 3 for a key the API refuses', async () => {
    const missing = await portal(['vm', 'get', '00000000-0000-4000-8000-000000000000'], {
      PORTAL_URL: url,
      PORTAL_KEY: token,
    });
    expect(missing.code).toBe(5);
    expect(missing.stderr).toMatch(/^Error: [A-Z_]+: /);

    const wrong = await portal(['vm', 'delete', vm.uuid, '--password', 'not-the-password'], {
      PORTAL_URL: url,
      PORTAL_KEY: token,
    });
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toBe('Error: INCORRECT_PASSWORD: The password is incorrect.\n');

    const refused = await portal(['vm', 'list'], { PORTAL_URL: url, PORTAL_KEY: 'cpk_not-a-key' });
    expect(refused.code).toBe(3);
  });

  it('uploads a file to a bucket and downloads it again', async () => {
    expect((await t.request('POST', '/api/buckets', { token, body: { name: 'cli-files' } })).statusCode).toBe(
      200,
    );
    const env = { PORTAL_URL: url, PORTAL_KEY: token };
    const local = path.join(dir, 'notes.txt');
    await writeFile(local, 'hello from the CLI\n');

    const up = await portal(['bucket', 'cp', local, 'cli-files:docs/'], env);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toBe('Uploaded 19 bytes to cli-files:docs/notes.txt.\n');

    const ls = await portal(['bucket', 'ls', 'cli-files/docs', '-o', 'json'], env);
    expect(ls.code, ls.stderr).toBe(0);
    expect(JSON.parse(ls.stdout).entries).toMatchObject([{ key: 'docs/notes.txt', type: 'file', size: 19 }]);

    const copy = path.join(dir, 'copy.txt');
    const down = await portal(['bucket', 'cp', 'cli-files:docs/notes.txt', copy], env);
    expect(down.code, down.stderr).toBe(0);
    expect(await readFile(copy, 'utf8')).toBe('hello from the CLI\n');
  });
});
