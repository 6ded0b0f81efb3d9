// `clients rotate-secret` and `clients add --require-par`, as operators use them. That the
// secrets authenticate (and old ones stop) is tested over HTTP in test/security/client-secrets.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findClientRecord } from '../../src/clients/client-registry.ts';
import { digestSecret } from '../../src/clients/client-secrets.ts';
import { cliWith, useCliDatabase } from './run-cli.ts';

const DAY_MS = 86_400_000;
const TOLERANCE_MS = 60_000;

const session = useCliDatabase();

const addConfidential = () => session.cli.json(['clients', 'add', '--name', 'Tax Tool', '--redirect-uri', 'https://tax.example.com/cb', '--confidential']);

test('rotate-secret prints a new secret once and keeps the old one for a day by default', async () => {
  const { client_id: clientId, client_secret: old } = await addConfidential();
  const rotated = await session.cli.json(['clients', 'rotate-secret', clientId]);
  assert.deepEqual(Object.keys(rotated), ['client_id', 'client_secret', 'previous_secret_expires_at']);
  assert.equal(rotated.client_id, clientId);
  assert.match(rotated.client_secret, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(rotated.client_secret, old);
  const until = Date.parse(rotated.previous_secret_expires_at);
  assert.ok(Math.abs(until - (Date.now() + DAY_MS)) < TOLERANCE_MS, rotated.previous_secret_expires_at);

  const record = await findClientRecord(session.db.pool, clientId);
  assert.deepEqual(record?.secrets.map((secret) => secret.digest), [digestSecret(rotated.client_secret), digestSecret(old)]);
  assert.equal(record?.secrets[0]?.expiresAt, null);
});

test('rotate-secret --overlap sets the overlap; SECRET_ROTATION_OVERLAP_SECONDS sets the default', async () => {
  const { client_id: clientId } = await addConfidential();
  const rotated = await session.cli.json(['clients', 'rotate-secret', clientId, '--overlap', '3600']);
  assert.ok(Math.abs(Date.parse(rotated.previous_secret_expires_at) - (Date.now() + 3_600_000)) < TOLERANCE_MS);

  const configured = cliWith({ ...process.env, ...session.db.env, SECRET_ROTATION_OVERLAP_SECONDS: '120' });
  const again = await configured.json(['clients', 'rotate-secret', clientId]);
  assert.ok(Math.abs(Date.parse(again.previous_secret_expires_at) - (Date.now() + 120_000)) < TOLERANCE_MS);
  // Three secrets now: the current one and two inside their overlaps.
  assert.equal((await findClientRecord(session.db.pool, clientId))?.secrets.length, 3);

  const human = await session.cli.run(['clients', 'rotate-secret', clientId, '--overlap', '0']);
  assert.equal(human.status, 0, human.stderr);
  assert.match(human.stdout, /client_secret: +\S{43}\n/);
  assert.match(human.stdout, /shown only this once/);
  assert.match(human.stdout, /previous secret works until \d{4}-/);
});

test('rotate-secret works for resource servers', async () => {
  const server = await session.cli.json(['resource-servers', 'add', '--name', 'Connect API']);
  const rotated = await session.cli.json(['clients', 'rotate-secret', server.client_id, '--overlap', '60']);
  const digests = (await findClientRecord(session.db.pool, server.client_id))?.secrets.map((secret) => secret.digest);
  assert.deepEqual(digests, [digestSecret(rotated.client_secret), digestSecret(server.client_secret)]);
});

test('rotate-secret refuses a public client, an unknown one and a bad overlap', async () => {
  const { client_id: publicId } = await session.cli.json(['clients', 'add', '--name', 'Public', '--redirect-uri', 'https://p.example.com/cb']);
  const refused = await session.cli.fail(['clients', 'rotate-secret', publicId], 1, 'no_client_secret');
  assert.match(refused.stderr, /public client .*no secret to rotate/);
  assert.deepEqual((await findClientRecord(session.db.pool, publicId))?.secrets, []);
  await session.cli.fail(['clients', 'rotate-secret', 'cl_nobody'], 1, 'unknown_client');
  const { client_id: clientId } = await addConfidential();
  for (const overlap of ['-1', '1.5', 'soon', '2592001']) {
    await session.cli.fail(['clients', 'rotate-secret', clientId, '--overlap', overlap], 2, 'usage');
  }
  await session.cli.fail(['clients', 'rotate-secret'], 2, 'usage');
});

test('clients add --require-par registers an integration that must use PAR', async () => {
  const { client_id: clientId } = await session.cli.json(['clients', 'add', '--name', 'Pushy', '--redirect-uri', 'https://p.example.com/cb', '--require-par']);
  assert.equal((await findClientRecord(session.db.pool, clientId))?.requirePar, true);
  const listed = (await session.cli.json(['clients', 'list'])).find((client: { client_id: string }) => client.client_id === clientId);
  assert.equal(listed.require_par, true);
  const human = await session.cli.run(['clients', 'list']);
  assert.match(human.stdout, new RegExp(`${clientId} .*\\(PAR required\\)`));
});
