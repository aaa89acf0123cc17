import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createVirsh, virshAvailable, VirshError, VIRSH_INPUT, type Runner } from './virsh.js';

/** A runner that records each call and answers from `answer`. */
function fakeRunner(answer: (args: string[]) => string) {
  const calls: { file: string; args: string[]; input?: string }[] = [];
  const runner: Runner = (file, args) => {
    const inputPath = args.find((a) => a.endsWith('input.xml'));
    calls.push({ file, args, input: inputPath ? readFileSync(inputPath, 'utf8') : undefined });
    try {
      return Promise.resolve(answer(args));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  return { calls, runner };
}

describe('virsh', () => {
  it('runs virsh on the URI given, quietly, and answers its output', async () => {
    const { calls, runner } = fakeRunner(() => 'running\n');
    const virsh = createVirsh({ uri: 'qemu:///session', runner });
    expect(await virsh.run(['domstate', 'vm-1'])).toBe('running\n');
    expect(calls).toEqual([{ file: 'virsh', args: ['-q', '-c', 'qemu:///session', 'domstate', 'vm-1'] }]);
    expect(createVirsh({ runner }).uri).toBe('qemu:///system');
  });

  it('passes XML in a private file that is gone afterwards', async () => {
    const { calls, runner } = fakeRunner(() => '');
    await createVirsh({ runner }).run(['define', VIRSH_INPUT], { input: '<domain/>' });
    const path = calls[0]!.args.at(-1)!;
    expect(path).not.toBe(VIRSH_INPUT);
    expect(calls[0]!.input).toBe('<domain/>');
    expect(existsSync(path)).toBe(false);
    await expect(createVirsh({ runner }).run(['define'], { input: '<domain/>' })).rejects.toThrow(
      VIRSH_INPUT,
    );
  });

  it('turns a failure into a VirshError with the command and stderr', async () => {
    const { runner } = fakeRunner(() => {
      throw Object.assign(new Error('Command failed'), {
        code: 1,
        stderr:
          "error: failed to get domain 'vm-9'\nerror: Domain not found: no domain with matching name 'vm-9'\n",
      });
    });
    const error = await createVirsh({ runner })
      .run(['domstate', 'vm-9'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VirshError);
    const e = error as VirshError;
    expect(e.command).toEqual(['domstate', 'vm-9']);
    expect(e.stderr).toContain('Domain not found');
    expect(e.exitCode).toBe(1);
    expect(e.notFound).toBe(true);
    expect(new VirshError(['vol-info', 'v'], "error: failed to get vol 'v'\n", 1).notFound).toBe(true);
    expect(new VirshError(['start', 'vm-1'], 'error: Requested operation is not valid\n', 1).notFound).toBe(
      false,
    );
    expect(e.message).toContain('virsh domstate vm-9');
  });

  it('is available only when virsh answers', async () => {
    expect(await virshAvailable('qemu:///system', fakeRunner(() => 'qemu:///system\n').runner)).toBe(true);
    const missing = fakeRunner(() => {
      throw Object.assign(new Error('spawn virsh ENOENT'), { code: 'ENOENT' });
    });
    expect(await virshAvailable('qemu:///system', missing.runner)).toBe(false);
  });
});
