// `audit`: the audit log as operators read it: newest first, per user, bounded, and a clear
// error for an email that names nobody.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { recordAudit } from '../../src/audit/audit-log.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { addUser, cliWith, type Cli } from './run-cli.ts';

let db: TestDatabase;
let cli: Cli;
let ana: { id: string; email: string };
let ben: { id: string; email: string };

before(async () => {
  db = await openTestDatabase();
  cli = cliWith({ ...process.env, ...db.env });
  ana = await addUser(cli);
  ben = await addUser(cli);
  await recordAudit(db.pool, { type: 'login.failed', ip: '203.0.113.9', details: { email: 'nobody@example.com' } });
  await recordAudit(db.pool, { type: 'login.succeeded', userId: ana.id, ip: '203.0.113.7' });
  await recordAudit(db.pool, { type: 'consent.granted', userId: ana.id, clientId: 'cl_1', installationId: 'ins_1', ip: '203.0.113.7', details: { scopes: ['portfolio:read'] } });
  await recordAudit(db.pool, { type: 'login.succeeded', userId: ben.id, ip: '198.51.100.4' });
  await recordAudit(db.pool, { type: 'connection.deleted', userId: ana.id, clientId: 'cl_1', installationId: 'ins_1' });
});
after(async () => {
  await db?.close();
});

test('audit lists every event newest first, with the user email', async () => {
  const events = await cli.json(['audit']);
  assert.deepEqual(events.map((event: { type: string }) => event.type), [
    'connection.deleted', 'login.succeeded', 'consent.granted', 'login.succeeded', 'login.failed',
  ]);
  assert.deepEqual(Object.keys(events[0]), ['occurred_at', 'type', 'user_id', 'user_email', 'client_id', 'installation_id', 'ip', 'details']);
  assert.deepEqual({ ...events[2], occurred_at: undefined }, {
    occurred_at: undefined,
    type: 'consent.granted',
    user_id: ana.id,
    user_email: ana.email,
    client_id: 'cl_1',
    installation_id: 'ins_1',
    ip: '203.0.113.7',
    details: { scopes: ['portfolio:read'] },
  });
  assert.ok(!Number.isNaN(Date.parse(events[0].occurred_at)));
  assert.equal(events[4].user_email, null);
});

test('audit --user shows one user, --limit bounds the list', async () => {
  const anas = await cli.json(['audit', '--user', ana.email.toUpperCase()]);
  assert.deepEqual(anas.map((event: { type: string }) => event.type), ['connection.deleted', 'consent.granted', 'login.succeeded']);
  assert.ok(anas.every((event: { user_email: string }) => event.user_email === ana.email));
  assert.deepEqual((await cli.json(['audit', '--limit', '2'])).map((event: { type: string }) => event.type), ['connection.deleted', 'login.succeeded']);
  assert.equal((await cli.json(['audit', '--user', ben.email, '--limit', '1']))[0].ip, '198.51.100.4');
});

test('audit prints one line per event for people', async () => {
  const human = await cli.run(['audit', '--user', ana.email]);
  assert.equal(human.status, 0, human.stderr);
  const lines = human.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  assert.match(lines[0]!, new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z  connection\\.deleted  user=${ana.email}  client=cl_1  installation=ins_1  ip=-$`));
  assert.match(lines[1]!, /consent\.granted .* ip=203\.0\.113\.7  \{"scopes":\["portfolio:read"\]\}$/);
});

test('an unknown email is an error, a bad limit is bad usage', async () => {
  const unknown = await cli.fail(['audit', '--user', 'nobody@example.com'], 1, 'unknown_user');
  assert.match(unknown.stderr, /no user has the email nobody@example\.com/);
  for (const limit of ['0', '-1', 'ten', '1.5', '10001']) await cli.fail(['audit', '--limit', limit], 2, 'usage');
  await cli.fail(['audit', '--user'], 2, 'usage');
});
