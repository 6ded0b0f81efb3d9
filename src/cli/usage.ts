// The usage text, built from the command table so it cannot drift from what is accepted.
import type { Command } from './command.ts';

const PROGRAM = 'connect-auth';

export function formatUsage(commands: readonly Command[]): string {
  const synopses = commands.map((command) => `  ${PROGRAM} ${[...command.words, command.synopsis].join(' ').trim()}`);
  const summaries = commands.map((command) => `  ${command.words.join(' ').padEnd(22)}${command.summary}`);
  return [
    `Usage: ${PROGRAM} <command> [options] [--json]`,
    '',
    ...synopses,
    `  ${PROGRAM} help`,
    '',
    'Commands:',
    ...summaries,
    '',
    'Every command applies pending migrations first. The database is DATABASE_URL, or else the',
    'embedded one in DATA_DIR (default ./data), shared with a running server.',
    '',
    'Output: human-readable lines; with --json exactly one JSON document on stdout.',
    'Errors: a message on stderr; with --json also {"error": CODE, "message": TEXT} on stdout,',
    'CODE being usage, a validation code (e.g. unknown_user, invalid_currency, duplicate_email,',
    'invalid_redirect_uri, unknown_client), invalid_configuration, or failed.',
    'Exit status: 0 success, 1 the command failed (e.g. unknown user, invalid input),',
    '2 bad usage (unknown command or option, missing required option).',
    '',
  ].join('\n');
}

export function formatCommandUsage(command: Command): string {
  return `Usage: ${PROGRAM} ${[...command.words, command.synopsis].join(' ').trim()} [--json]\n  ${command.summary}\n`;
}
