// The operator CLI (`connect-auth`, or `node src/cli/main.ts`): parse the command line, open
// the database the server uses (a running embedded server is reached through its socket),
// apply pending migrations, run one command, close the database.
import { text } from 'node:stream/consumers';
import { loadConfig } from '../config.ts';
import { ChangeFeed } from '../db/change-feed.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/pool.ts';
import type { CommandInput, CommandOutput, CommandRun } from './command.ts';
import { findCommand, parseCommandLine } from './command-line.ts';
import { COMMANDS } from './commands/index.ts';
import { EXIT_OK, EXIT_USAGE, renderError, renderResult, type Output } from './render.ts';
import { formatCommandUsage, formatUsage } from './usage.ts';

export interface CliIo {
  readonly env: Record<string, string | undefined>;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stdout: Output;
  readonly stderr: Output;
}

const PROCESS_IO: CliIo = { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

/** Runs one command; resolves to the exit status. */
export async function runCli(argv: readonly string[], io: CliIo = PROCESS_IO): Promise<number> {
  const json = argv.includes('--json');
  try {
    const line = parseCommandLine(argv, COMMANDS);
    if (line.kind === 'help') {
      io.stdout.write(line.command ? formatCommandUsage(line.command) : formatUsage(COMMANDS));
      return EXIT_OK;
    }
    const run = await line.command.prepare(line.args, stdinReader(io));
    renderResult(io.stdout, await runWithDatabase(io, run), line.json);
    return EXIT_OK;
  } catch (error) {
    const status = renderError(io, error, json);
    if (status === EXIT_USAGE) io.stderr.write(`\n${usageFor(argv)}`);
    return status;
  }
}

// After bad usage: the synopsis of the command meant, or of all when none was recognised.
function usageFor(argv: readonly string[]): string {
  const command = findCommand(argv, COMMANDS);
  return command ? formatCommandUsage(command) : formatUsage(COMMANDS);
}

async function runWithDatabase(io: CliIo, run: CommandRun): Promise<CommandOutput> {
  const config = loadConfig(io.env);
  const database = await openDatabase(config);
  try {
    const appliedMigrations = await migrate(database.pool);
    return await run({ db: database.pool, pool: database.pool, config, feed: new ChangeFeed(), appliedMigrations });
  } finally {
    await database.close();
  }
}

function stdinReader(io: CliIo): CommandInput {
  return {
    readStdin() {
      if (io.stdin.isTTY) io.stderr.write('Type the password, then press Enter and Ctrl-D:\n');
      return text(io.stdin);
    },
  };
}

if (import.meta.main) process.exitCode = await runCli(process.argv.slice(2));
