import { parseArgs } from 'node:util';
import { connect, savedConnection } from './api.js';
import type { Command, Values } from './command.js';
import { GROUPS } from './commands/index.js';
import type { Context } from './context.js';
import { CliError, Exit } from './exit-codes.js';
import { help, synopsis } from './help.js';
import { systemLocale } from './locale.js';
import { OUTPUT_FORMATS, type Io, type OutputFormat } from './output.js';
import { createText, type Text } from './text.js';

export interface MainOptions {
  env: NodeJS.ProcessEnv;
  io?: Io;
  /** The fetch the API is called with; the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** How often --wait polls (1 s). */
  pollMs?: number;
}

const GLOBAL_OPTIONS = {
  output: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (text) => process.stderr.write(text),
  errIsTTY: Boolean(process.stderr.isTTY),
};

/** The command that argv names, and the arguments after its name; a usage error when it names none. */
function findCommand(text: Text, argv: string[]): { name: string; command: Command; rest: string[] } {
  const [groupName = '', action, ...after] = argv;
  const group = Object.hasOwn(GROUPS, groupName) ? GROUPS[groupName] : undefined;
  if (!group) throw new CliError(Exit.USAGE, text.t('usage.unknownCommand', { command: groupName }));
  if ('command' in group) return { name: groupName, command: group.command, rest: argv.slice(1) };
  const command =
    action !== undefined && Object.hasOwn(group.commands, action) ? group.commands[action] : undefined;
  if (!command)
    throw new CliError(
      Exit.USAGE,
      text.t('usage.unknownAction', {
        group: groupName,
        action: action ?? '',
        actions: Object.keys(group.commands).join(', '),
      }),
    );
  return { name: `${groupName} ${action}`, command, rest: after };
}

/** The command's arguments and options; a usage error for an unknown option or a wrong count. */
function parse(text: Text, name: string, command: Command, rest: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new CliError(Exit.USAGE, `${text.t('usage.badArguments', { detail })}\n${synopsis(name, command)}`);
  }
  const values = parsed.values as Values;
  const [min, max] =
    typeof command.args === 'number' ? [command.args, command.args] : (command.args ?? [0, 0]);
  if (!values.help && (parsed.positionals.length < min || parsed.positionals.length > max))
    throw new CliError(Exit.USAGE, `${text.t('usage.argumentCount')}\n${synopsis(name, command)}`);
  const output = (values.output as string | undefined) ?? 'table';
  if (!OUTPUT_FORMATS.includes(output as OutputFormat))
    throw new CliError(
      Exit.USAGE,
      text.t('usage.badChoice', { option: '--output', choices: OUTPUT_FORMATS.join(', ') }),
    );
  return { args: parsed.positionals, values, output: output as OutputFormat };
}

/** Runs `portal <argv>` and answers its exit code (docs/cli.md lists them). */
export async function main(argv: string[], options: MainOptions): Promise<number> {
  const { env, io = processIo } = options;
  const text = createText(systemLocale(env));
  const asksHelp = (arg?: string) => arg === 'help' || arg === '--help' || arg === '-h';
  if (argv.length === 0 || asksHelp(argv[0])) {
    for (const line of help(text, argv[1])) (argv.length ? io.out : (l: string) => io.err(`${l}\n`))(line);
    return argv.length ? Exit.OK : Exit.USAGE;
  }
  // `portal vm --help`: the group's commands.
  if (Object.hasOwn(GROUPS, argv[0]!) && 'commands' in GROUPS[argv[0]!]! && asksHelp(argv[1])) {
    for (const line of help(text, argv[0])) io.out(line);
    return Exit.OK;
  }
  try {
    const { name, command, rest } = findCommand(text, argv);
    const { args, values, output } = parse(text, name, command, rest);
    if (values.help) {
      io.out(synopsis(name, command));
      io.out(`    ${text.t(command.summary)}`);
      return Exit.OK;
    }
    const open = (settings: { url: string; key: string }) => connect({ ...settings, fetch: options.fetch });
    const ctx: Context = {
      env,
      text,
      io,
      output,
      connect: open,
      api: async () => open(await savedConnection(env, text)),
      pollMs: options.pollMs ?? 1000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
    };
    await command.run(ctx, args, values);
    return Exit.OK;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`${text.t('error.prefix', { message: error.message })}\n`);
      return error.exit;
    }
    io.err(
      `${text.t('error.prefix', { message: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`,
    );
    return Exit.UNEXPECTED;
  }
}
