import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The one place that runs libvirt (decision 0035): `virsh -c <uri> ...`. libvirt's XML is the
 * contract and virsh its reference client, so the driver builds XML and reads virsh's answers.
 */

/** Stands for the file holding `options.input` in `run`'s arguments: `['define', VIRSH_INPUT]`. */
export const VIRSH_INPUT = '<input-file>';

export interface VirshRunOptions {
  /** Text (XML) written to a private temporary file whose path replaces `VIRSH_INPUT`. */
  input?: string;
}

export interface Virsh {
  readonly uri: string;
  /** virsh's standard output; a failure is a `VirshError`. */
  run(args: string[], options?: VirshRunOptions): Promise<string>;
}

/** Runs a program; rejects with `stderr` (and `code`) on a non-zero exit. */
export type Runner = (file: string, args: string[]) => Promise<string>;

/** virsh said no: the command as run and what it wrote to standard error. */
export class VirshError extends Error {
  constructor(
    readonly command: string[],
    readonly stderr: string,
    readonly exitCode: number | string | null,
  ) {
    super(`virsh ${command.join(' ')}: ${stderr.trim() || `exit ${String(exitCode)}`}`);
    this.name = 'VirshError';
  }

  /** The object named does not exist: virsh's "failed to get domain 'x'", "Network not found"... */
  get notFound(): boolean {
    return /failed to get (domain|network|vol|pool|nwfilter)|\bnot found\b|no \w+( \w+)? with matching/i.test(
      this.stderr,
    );
  }
}

/** The call failed because the object it names does not exist. */
export const isMissing = (error: unknown): boolean => error instanceof VirshError && error.notFound;

const TIMEOUT_MS = 120_000;

export const execRunner: Runner = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(stdout);
    });
  });

export function createVirsh({
  uri = 'qemu:///system',
  runner = execRunner,
}: { uri?: string; runner?: Runner } = {}): Virsh {
  return {
    uri,
    async run(args, options = {}) {
      const dir = options.input === undefined ? null : await mkdtemp(join(tmpdir(), 'virsh-'));
      try {
        let argv = args;
        if (dir) {
          if (!args.includes(VIRSH_INPUT))
            throw new Error(`virsh ${args.join(' ')}: input without ${VIRSH_INPUT}`);
          const file = join(dir, 'input.xml');
          await writeFile(file, options.input ?? '', { mode: 0o600 });
          argv = args.map((a) => (a === VIRSH_INPUT ? file : a));
        }
        try {
          return await runner('virsh', ['-q', '-c', uri, ...argv]);
        } catch (error) {
          const e = error as { stderr?: unknown; code?: number | string | null; message?: string };
          const stderr = typeof e.stderr === 'string' && e.stderr ? e.stderr : (e.message ?? '');
          throw new VirshError(args, stderr, e.code ?? null);
        }
      } finally {
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Whether virsh is installed and the daemon behind `uri` answers. */
export async function virshAvailable(uri = 'qemu:///system', runner: Runner = execRunner): Promise<boolean> {
  try {
    await createVirsh({ uri, runner }).run(['uri']);
    return true;
  } catch {
    return false;
  }
}
