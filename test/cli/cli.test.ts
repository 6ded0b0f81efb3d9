// The CLI's own contract: migrations, usage text, exit statuses for bad usage, and that it
// works whether or not a server already serves the embedded database. In embedded mode this
// test process serves the PGlite socket, so the CLI takes the "server running" path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliWith, ROOT, useCliDatabase } from './run-cli.ts';

const session = useCliDatabase();

test('migrate reports nothing to apply on a migrated database', async () => {
  assert.deepEqual(await session.cli.json(['migrate']), { applied: [] });
  const human = await session.cli.run(['migrate']);
  assert.equal(human.status, 0, human.stderr);
  assert.match(human.stdout, /up to date/);
});

test('help, --help and no arguments print the usage', async () => {
  for (const args of [['help'], [], ['--help']]) {
    const result = await session.cli.run(args);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^Usage: connect-auth/);
    assert.match(result.stdout, /clients add --name N --redirect-uri U/);
  }
  const one = await session.cli.run(['clients', 'add', '--help']);
  assert.equal(one.status, 0);
  assert.match(one.stdout, /^Usage: connect-auth clients add --name N/);
});

test('an unknown command is bad usage (status 2), with the usage on stderr', async () => {
  const unknown = await session.cli.run(['frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command: frobnicate/);
  assert.match(unknown.stderr, /Usage: connect-auth/);
  assert.equal(unknown.stdout, '');
  await session.cli.fail(['frobnicate'], 2, 'usage');
  await session.cli.fail(['clients'], 2, 'usage');
  await session.cli.fail(['users', 'delete'], 2, 'usage');
});

test('unknown options, stray arguments and missing values are bad usage', async () => {
  await session.cli.fail(['clients', 'list', '--bogus'], 2, 'usage');
  await session.cli.fail(['clients', 'list', 'extra'], 2, 'usage');
  await session.cli.fail(['portfolios', 'add', '--user'], 2, 'usage');
  const human = await session.cli.run(['clients', 'add', '--name', 'X', '--bogus']);
  assert.equal(human.status, 2);
  assert.match(human.stderr, /--bogus/);
  assert.match(human.stderr, /Usage: connect-auth clients add/);
});

test('on a data directory nobody serves, the CLI starts the embedded database itself', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'connect-auth-cli-'));
  try {
    const { DATABASE_URL: _external, ...env } = process.env;
    const result = await cliWith({ ...env, DATA_DIR: dataDir }).run(['migrate', '--json']);
    assert.equal(result.status, 0, result.stderr);
    const migrations = (await readdir(join(ROOT, 'migrations'))).filter((file) => file.endsWith('.sql')).sort();
    assert.deepEqual(JSON.parse(result.stdout), { applied: migrations });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
