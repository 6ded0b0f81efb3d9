// Turns argv into the command to run and its parsed arguments. parseArgs runs in strict mode,
// so an unknown option or a missing option value is bad usage, not silently ignored.
import { parseArgs } from 'node:util';
import type { Command, ParsedArguments } from './command.ts';
import { UsageError } from './usage-error.ts';

export type CommandLine =
  | { readonly kind: 'help'; readonly command?: Command }
  | { readonly kind: 'run'; readonly command: Command; readonly args: ParsedArguments; readonly json: boolean };

const HELP_WORDS: ReadonlySet<string> = new Set(['help', '--help', '-h']);

export function parseCommandLine(argv: readonly string[], commands: readonly Command[]): CommandLine {
  if (argv.length === 0 || HELP_WORDS.has(argv[0] ?? '')) return { kind: 'help' };
  const command = findCommand(argv, commands);
  if (!command) throw new UsageError(`unknown command: ${argv.filter((word) => !word.startsWith('-')).slice(0, 2).join(' ')}`);
  const args = parseOptions(command, argv.slice(command.words.length));
  if (args.values.help === true) return { kind: 'help', command };
  if (args.positionals.length !== command.positionals.length) {
    const expected = command.positionals.length === 0 ? 'no arguments' : command.positionals.join(' ');
    throw new UsageError(`${command.words.join(' ')} takes ${expected}, got: ${args.positionals.join(' ') || 'none'}`);
  }
  return { kind: 'run', command, args, json: args.values.json === true };
}

export function findCommand(argv: readonly string[], commands: readonly Command[]): Command | undefined {
  return commands.find((command) => command.words.every((word, index) => argv[index] === word));
}

function parseOptions(command: Command, rest: string[]): ParsedArguments {
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    return { values, positionals };
  } catch (error) {
    // Node's parseArgs errors (ERR_PARSE_ARGS_*) name the offending option clearly.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_')) throw new UsageError((error as Error).message);
    throw error;
  }
}
