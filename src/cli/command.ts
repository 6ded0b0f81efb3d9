// The shape every operator command has. A command runs in two steps: `prepare` checks the
// arguments (and reads stdin) before the database is opened, so bad usage fails fast without
// starting the embedded database; the returned function then does the work and returns what
// to print. Commands never print themselves: main renders text or JSON in one place.
import type { ParseArgsOptionsConfig } from 'node:util';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Queryable } from '../db/pool.ts';
import { UsageError } from './usage-error.ts';

export interface ParsedArguments {
  readonly values: Readonly<Record<string, string | boolean | Array<string | boolean> | undefined>>;
  readonly positionals: readonly string[];
}

export interface CommandInput {
  /** Everything on standard input, until it ends. */
  readStdin(): Promise<string>;
}

export interface CommandContext {
  readonly db: Queryable;
  /** The same pool as db, for work that opens transactions or oidc-provider's artifact storage. */
  readonly pool: pg.Pool;
  readonly config: Config;
  readonly feed: ChangeFeed;
  /** Migrations this invocation applied before running the command. */
  readonly appliedMigrations: readonly string[];
}

export interface CommandOutput {
  /** The single JSON document printed with --json. */
  readonly json: unknown;
  /** The human-readable lines printed otherwise. */
  readonly lines: readonly string[];
}

export type CommandRun = (context: CommandContext) => Promise<CommandOutput>;

export interface Command {
  /** The words that select it, e.g. ['clients', 'add']. */
  readonly words: readonly string[];
  /** Synopsis after the words, e.g. '--name N [--confidential]'. */
  readonly synopsis: string;
  readonly summary: string;
  readonly options: ParseArgsOptionsConfig;
  /** Names of the positional arguments it takes, all required. */
  readonly positionals: readonly string[];
  prepare(args: ParsedArguments, input: CommandInput): Promise<CommandRun>;
}

export function requiredString(args: ParsedArguments, name: string): string {
  const value = args.values[name];
  if (typeof value !== 'string') throw new UsageError(`missing required option --${name}`);
  return value;
}

export function optionalString(args: ParsedArguments, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function stringList(args: ParsedArguments, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

export function flag(args: ParsedArguments, name: string): boolean {
  return args.values[name] === true;
}
