// `keys rotate` and `keys list`, as operators use them. That servers publish and sign with the
// keys is tested over HTTP in test/security/signing-keys.test.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { cliWith, type Cli } from './run-cli.ts';

const SEALING_KEY = randomBytes(32).toString('base64');
const KEY_ID = /^key_[0-9a-f]{32}$/;

let db: TestDatabase;
let cli: Cli;

before(async () => {
  db = await openTestDatabase();
  cli = cliWith({ ...process.env, ...db.env, KEYS_ENCRYPTION_KEY: SEALING_KEY });
});
after(async () => {
  await db?.close();
});

test('keys list on a fresh database says the server creates the first key', async () => {
  assert.deepEqual(await cli.json(['keys', 'list']), []);
  const human = await cli.run(['keys', 'list']);
  assert.match(human.stdout, /no signing keys yet/);
});

test('keys rotate adds a key that signs at once; the replaced one retires after the ID token lifetime', async () => {
  const first = await cli.json(['keys', 'rotate']);
  assert.deepEqual(first.map((key: { state: string }) => key.state), ['signing'], 'on a fresh database: the first key only');
  const second = await cli.json(['keys', 'rotate']);
  const [signing, verifying] = second;
  assert.deepEqual(second.map((key: { state: string }) => key.state), ['signing', 'verifying']);
  assert.match(signing.kid, KEY_ID);
  assert.equal(signing.alg, 'ES256');
  assert.equal(signing.retires_at, null);
  assert.equal(verifying.kid, first[0].kid);
  const retiresIn = Date.parse(verifying.retires_at) - Date.parse(signing.activates_at);
  assert.equal(retiresIn, 65 * 60 * 1000, 'one hour of ID token lifetime plus five minutes of clock skew');
  assert.deepEqual(await cli.json(['keys', 'list']), second);

  const { rows } = await db.pool.query('SELECT private_jwk, sealed_private_jwk FROM signing_keys');
  assert.ok(rows.every((row) => row.private_jwk === null && row.sealed_private_jwk.startsWith('v1.')), 'sealed with KEYS_ENCRYPTION_KEY');
});

test('keys rotate --activate-after publishes first and signs later', async () => {
  const keys = await cli.json(['keys', 'rotate', '--activate-after', '600']);
  const next = keys.find((key: { state: string }) => key.state === 'next');
  assert.ok(next, JSON.stringify(keys));
  assert.equal(keys[0].state, 'signing', 'the current key signs until then');
  assert.ok(Math.abs(Date.parse(next.activates_at) - (Date.now() + 600_000)) < 60_000);
  const human = await cli.run(['keys', 'list']);
  assert.match(human.stdout, new RegExp(`${next.kid}  ES256  next +published, signs from `));
  assert.match(human.stdout, /signing +signs new tokens/);
  const rotated = await cli.run(['keys', 'rotate', '--activate-after', '0']);
  assert.match(rotated.stdout, /Restart every server now/);
});

test('keys rotate refuses a bad --activate-after and a wrong KEYS_ENCRYPTION_KEY', async () => {
  for (const value of ['-1', 'soon', '1.5', '604801']) await cli.fail(['keys', 'rotate', '--activate-after', value], 2, 'usage');
  const wrong = cliWith({ ...process.env, ...db.env, KEYS_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  const result = await wrong.fail(['keys', 'rotate'], 1, 'invalid_configuration');
  assert.match(result.stderr, /KEYS_ENCRYPTION_KEY does not decrypt signing key key_/);
  const missing = cliWith({ ...process.env, ...db.env });
  await missing.fail(['keys', 'rotate'], 1, 'invalid_configuration');
});
