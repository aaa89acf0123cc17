import type { Command, Group } from './command.js';
import { GROUPS } from './commands/index.js';
import type { Text } from './text.js';

/** `portal vm create --name <value> ... [--wait]`: the command line a command takes. */
export function synopsis(name: string, command: Command): string {
  const required = new Set(command.required ?? []);
  const options = Object.entries(command.options ?? {}).map(([option, spec]) => {
    const shown = spec.type === 'string' ? `--${option} <value>` : `--${option}`;
    return required.has(option) ? shown : `[${shown}]`;
  });
  return ['portal', name, command.usage, ...options].filter(Boolean).join(' ');
}

const commandsOf = (name: string, group: Group): [string, Command][] =>
  'command' in group
    ? [[name, group.command]]
    : Object.entries(group.commands).map(([a, c]) => [`${name} ${a}`, c]);

/** The help of every command (or of one group), in the user's language. */
export function help(text: Text, only?: string): string[] {
  const groups = Object.entries(GROUPS).filter(([name]) => !only || name === only);
  return [
    text.t('help.title'),
    '',
    ...groups.flatMap(([name, group]) =>
      commandsOf(name, group).flatMap(([full, command]) => [
        `  ${synopsis(full, command)}`,
        `      ${text.t(command.summary)}`,
      ]),
    ),
    '',
    text.t('help.global'),
    text.t('help.exitCodes'),
  ];
}
