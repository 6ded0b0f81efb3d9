// `users add` and `portfolios add`: the directory the consent page reads, filled by operators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authenticate } from '../../src/accounts/user-service.ts';
import { findPortfoliosOfUser } from '../../src/portfolios/portfolios-queries.ts';
import { addUser, PASSWORD, uniqueEmail, useCliDatabase } from './run-cli.ts';

const session = useCliDatabase();

test('users add creates a user who can then log in (email case-insensitive)', async () => {
  const email = uniqueEmail();
  const args = ['users', 'add', '--email', email, '--password-stdin', '--name', 'Ada', '--locale', 'de'];
  const result = await session.cli.json(args, `${PASSWORD}\n`);
  assert.deepEqual(Object.keys(result), ['id']);
  assert.match(result.id, /^usr_[0-9a-f]{32}$/);
  const user = await authenticate(session.db.pool, email.toUpperCase(), PASSWORD);
  assert.deepEqual(user, { id: result.id, email, name: 'Ada', locale: 'de' });
  assert.equal(await authenticate(session.db.pool, email, `${PASSWORD}\n`), undefined, 'trailing newline is not part of it');
  assert.equal(await authenticate(session.db.pool, email, 'wrong password'), undefined);
  assert.equal(await authenticate(session.db.pool, 'nobody@example.com', PASSWORD), undefined);
});

test('users add prints a readable line without --json', async () => {
  const email = uniqueEmail();
  const result = await session.cli.run(['users', 'add', '--email', email, '--password-stdin'], PASSWORD);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`^created user usr_[0-9a-f]{32} \\(${email}\\)\\n$`));
});

test('users add refuses a duplicate email, in any case', async () => {
  const { email } = await addUser(session.cli);
  await session.cli.fail(['users', 'add', '--email', email.toUpperCase(), '--password-stdin'], 1, 'duplicate_email', PASSWORD);
});

test('users add refuses a missing, empty or short password and a bad email or locale', async () => {
  const email = uniqueEmail();
  const add = ['users', 'add', '--email', email, '--password-stdin'];
  await session.cli.fail(['users', 'add', '--email', email], 2, 'usage');
  await session.cli.fail(add, 1, 'invalid_password', '');
  await session.cli.fail(add, 1, 'invalid_password', 'short\n');
  await session.cli.fail([...add, '--locale', 'fr'], 1, 'invalid_locale', PASSWORD);
  await session.cli.fail(['users', 'add', '--email', 'not-an-email', '--password-stdin'], 1, 'invalid_email', PASSWORD);
  await session.cli.fail(['users', 'add', '--password-stdin'], 2, 'usage', PASSWORD);
  assert.equal(await authenticate(session.db.pool, email, PASSWORD), undefined);
});

test('portfolios add creates portfolios with defaults and explicit values, listed oldest first', async () => {
  const user = await addUser(session.cli);
  const first = await session.cli.json(['portfolios', 'add', '--user', user.email.toUpperCase(), '--name', 'Main']);
  assert.deepEqual(Object.keys(first), ['id']);
  assert.match(first.id, /^pf_[0-9a-f]{32}$/);
  const second = await session.cli.json([
    'portfolios', 'add', '--user', user.email, '--name', 'US', '--currency', 'USD', '--calculation-method', 'moving_average',
  ]);
  assert.deepEqual(await findPortfoliosOfUser(session.db.pool, user.id), [
    { id: first.id, name: 'Main', currency: 'EUR', calculationMethod: 'fifo' },
    { id: second.id, name: 'US', currency: 'USD', calculationMethod: 'moving_average' },
  ]);
  const human = await session.cli.run(['portfolios', 'add', '--user', user.email, '--name', 'Third']);
  assert.match(human.stdout, new RegExp(`^created portfolio pf_[0-9a-f]{32} for ${user.email}\\n$`));
});

test('portfolios add refuses an unknown user, a bad currency or method, an empty name', async () => {
  const user = await addUser(session.cli);
  const add = ['portfolios', 'add', '--user', user.email, '--name', 'X'];
  await session.cli.fail(['portfolios', 'add', '--user', 'nobody@example.com', '--name', 'X'], 1, 'unknown_user');
  const badCurrency = await session.cli.fail([...add, '--currency', 'RMB'], 1, 'invalid_currency');
  assert.match(badCurrency.stderr, /47 codes/);
  const badMethod = await session.cli.fail([...add, '--calculation-method', 'average'], 1, 'invalid_calculation_method');
  assert.match(badMethod.stderr, /fifo, lifo, moving_average/);
  await session.cli.fail(['portfolios', 'add', '--user', user.email, '--name', '  '], 1, 'invalid_name');
  await session.cli.fail(['portfolios', 'add', '--user', user.email], 2, 'usage');
  assert.deepEqual(await findPortfoliosOfUser(session.db.pool, user.id), []);
});
