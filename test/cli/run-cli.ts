// Runs the operator CLI as operators do: `bin/connect-auth.js` in its own process, on Node 24,
// with the environment naming the test database.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;
const NODE = join(ROOT, 'node_modules/.bin/node');
const CLI = join(ROOT, 'bin/connect-auth.js');
const STACK_FRAME = /^\s+at /m;

export const PASSWORD = 'correct horse battery staple';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Cli {
  run(args: string[], stdin?: string): Promise<CliResult>;
  /** Runs with --json, expects success and returns the one JSON document printed. */
  json(args: string[], stdin?: string): Promise<any>;
  /** Runs with --json, expects `status` and the error document `code`, and no stack trace. */
  fail(args: string[], status: number, code: string, stdin?: string): Promise<CliResult>;
}

export function cliWith(env: Record<string, string | undefined>): Cli {
  const run = (args: string[], stdin = '') => spawnCli(args, stdin, env);
  return {
    run,
    async json(args, stdin) {
      const result = await run([...args, '--json'], stdin);
      assert.equal(result.status, 0, result.stderr);
      return JSON.parse(result.stdout);
    },
    async fail(args, status, code, stdin) {
      const result = await run([...args, '--json'], stdin);
      assert.equal(result.status, status, `${args.join(' ')}\n${result.stdout}${result.stderr}`);
      assert.match(result.stderr, /^connect-auth: /);
      assert.doesNotMatch(result.stderr, STACK_FRAME);
      const document = JSON.parse(result.stdout);
      assert.deepEqual(Object.keys(document), ['error', 'message']);
      assert.equal(document.error, code);
      return result;
    },
  };
}

function spawnCli(args: string[], stdin: string, env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

let emailCounter = 0;

export function uniqueEmail(): string {
  emailCounter += 1;
  return `operator-${emailCounter}-${process.pid}@example.com`;
}

export async function addUser(cli: Cli, email = uniqueEmail()): Promise<{ id: string; email: string }> {
  const { id } = await cli.json(['users', 'add', '--email', email, '--password-stdin'], `${PASSWORD}\n`);
  return { id, email };
}

/** A fresh test database for this file and a CLI pointed at it, opened before the tests and closed after. */
export function useCliDatabase(): { db: TestDatabase; cli: Cli } {
  const session = {} as { db: TestDatabase; cli: Cli };
  before(async () => {
    session.db = await openTestDatabase();
    session.cli = cliWith({ ...process.env, ...session.db.env });
  });
  after(async () => {
    await session.db?.close();
  });
  return session;
}
