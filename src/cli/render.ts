// Everything the CLI prints goes through here, so text and JSON output, and the error
// contract documented in the usage text, stay consistent across commands.
import { ValidationError } from '../accounts/validation-error.ts';
import { ConfigError } from '../config.ts';
import type { CommandOutput } from './command.ts';
import { UsageError } from './usage-error.ts';

export interface Output {
  write(text: string): unknown;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export function renderResult(stdout: Output, output: CommandOutput, json: boolean): void {
  stdout.write(json ? `${JSON.stringify(output.json)}\n` : output.lines.map((line) => `${line}\n`).join(''));
}

/** Prints the error and returns the exit status. Never a stack trace: operators get the message. */
export function renderError(streams: { stdout: Output; stderr: Output }, error: unknown, json: boolean): number {
  const { code, message, status } = describeError(error);
  streams.stderr.write(`connect-auth: ${message}\n`);
  if (json) streams.stdout.write(`${JSON.stringify({ error: code, message })}\n`);
  return status;
}

function describeError(error: unknown): { code: string; message: string; status: number } {
  if (error instanceof UsageError) return { code: 'usage', message: error.message, status: EXIT_USAGE };
  if (error instanceof ValidationError) return { code: error.code, message: error.message, status: EXIT_FAILED };
  if (error instanceof ConfigError) return { code: 'invalid_configuration', message: error.message, status: EXIT_FAILED };
  return { code: 'failed', message: `failed: ${messageOf(error)}`, status: EXIT_FAILED };
}

// A connection refused on every address of a host is an AggregateError with an empty message.
function messageOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(messageOf).join('; ');
  return error instanceof Error ? error.message : String(error);
}
