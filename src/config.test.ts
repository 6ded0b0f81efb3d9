import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, ConfigError } from './config.ts';

const KEY = 'k'.repeat(40);
const SEALING_KEY = Buffer.alloc(32, 7).toString('base64');
const production = { NODE_ENV: 'production', ISSUER: 'https://auth.example.com', COOKIE_KEYS: KEY, KEYS_ENCRYPTION_KEY: SEALING_KEY };

test('development defaults need no environment at all', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.issuer, 'http://localhost:3000');
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.redisUrl, undefined);
  assert.equal(config.seedDemo, true);
  assert.ok(Object.isFrozen(config));
});

test('production starts with real secrets and an https issuer', () => {
  const config = loadConfig(production);
  assert.equal(config.production, true);
  assert.equal(config.seedDemo, false);
  assert.equal(config.host, '0.0.0.0');
});

test('production refuses the development cookie key and a missing one', () => {
  assert.throws(() => loadConfig({ ...production, COOKIE_KEYS: undefined }), /COOKIE_KEYS is required/);
  assert.throws(() => loadConfig({ ...production, COOKIE_KEYS: 'development-only-cookie-key-change-me-in-production' }), /development default/);
});

test('production refuses a missing or http issuer', () => {
  assert.throws(() => loadConfig({ ...production, ISSUER: undefined }), /ISSUER is required/);
  assert.throws(() => loadConfig({ ...production, ISSUER: 'http://auth.example.com' }), /ISSUER must be an https URL/);
});

const bad: [Record<string, string>, RegExp][] = [
  [{ PORT: 'eighty' }, /PORT must be a port number/],
  [{ PORT: '70000' }, /PORT/],
  [{ ISSUER: 'not a url' }, /ISSUER must be an absolute URL/],
  [{ ISSUER: 'ftp://example.com' }, /ISSUER must be an http\(s\) URL/],
  [{ ISSUER: 'https://example.com/?a=1' }, /ISSUER must not have a query/],
  [{ API_RESOURCE: 'nope' }, /API_RESOURCE/],
  [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
  [{ REDIS_URL: 'http://x' }, /REDIS_URL must start with redis/],
  [{ COOKIE_KEYS: 'short' }, /COOKIE_KEYS each key needs at least 32/],
  [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true or false/],
  [{ REFRESH_GRACE_SECONDS: 'ten' }, /REFRESH_GRACE_SECONDS must be a whole number 0-60/],
  [{ REFRESH_GRACE_SECONDS: '1.5' }, /REFRESH_GRACE_SECONDS must be a whole number/],
  [{ REFRESH_GRACE_SECONDS: '-1' }, /REFRESH_GRACE_SECONDS must be a whole number/],
  [{ REFRESH_GRACE_SECONDS: '61' }, /REFRESH_GRACE_SECONDS must be a whole number 0-60/],
  [{ SECRET_ROTATION_OVERLAP_SECONDS: 'a day' }, /SECRET_ROTATION_OVERLAP_SECONDS must be a whole number 0-2592000/],
  [{ SECRET_ROTATION_OVERLAP_SECONDS: '2592001' }, /SECRET_ROTATION_OVERLAP_SECONDS must be a whole number/],
  [{ KEYS_ENCRYPTION_KEY: 'too short' }, /KEYS_ENCRYPTION_KEY must be 32 bytes in base64/],
  [{ KEYS_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') }, /KEYS_ENCRYPTION_KEY must be 32 bytes/],
  [{ KEYS_ENCRYPTION_KEY: Buffer.alloc(33).toString('base64') }, /KEYS_ENCRYPTION_KEY must be 32 bytes/],
];
for (const [env, message] of bad) {
  test(`a bad ${Object.keys(env)[0]} names the variable: ${JSON.stringify(env)}`, () => {
    assert.throws(() => loadConfig(env), (error: Error) => error instanceof ConfigError && message.test(error.message));
  });
}

test('cookie keys rotate: several accepted, order kept (the first signs)', () => {
  const config = loadConfig({ COOKIE_KEYS: `${'a'.repeat(32)}, ${'b'.repeat(32)}` });
  assert.deepEqual(config.cookieKeys, ['a'.repeat(32), 'b'.repeat(32)]);
});

test('the refresh grace window: 10 seconds by default, 0 turns it off', () => {
  assert.equal(loadConfig({}).refreshGraceSeconds, 10);
  assert.equal(loadConfig({ REFRESH_GRACE_SECONDS: '0' }).refreshGraceSeconds, 0);
  assert.equal(loadConfig({ REFRESH_GRACE_SECONDS: '60' }).refreshGraceSeconds, 60);
});

test('the client secret rotation overlap: a day by default', () => {
  assert.equal(loadConfig({}).secretRotationOverlapSeconds, 86_400);
  assert.equal(loadConfig({ SECRET_ROTATION_OVERLAP_SECONDS: '0' }).secretRotationOverlapSeconds, 0);
});

test('the signing keys encryption key: 32 bytes in base64 or base64url, required in production', () => {
  assert.equal(loadConfig({}).keysEncryptionKey, undefined);
  assert.deepEqual(loadConfig({ KEYS_ENCRYPTION_KEY: SEALING_KEY }).keysEncryptionKey, Buffer.alloc(32, 7));
  const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
  assert.deepEqual(loadConfig({ KEYS_ENCRYPTION_KEY: urlSafe }).keysEncryptionKey, Buffer.alloc(32, 0xfb));
  assert.throws(() => loadConfig({ ...production, KEYS_ENCRYPTION_KEY: undefined }), /KEYS_ENCRYPTION_KEY is required in production/);
});

test('login throttling: defaults, overrides, and limits that make sense', () => {
  assert.deepEqual({ ...loadConfig({}).loginThrottle }, {
    accountFreeAttempts: 5, accountBaseDelaySeconds: 60, accountMaxDelaySeconds: 900, ipAttempts: 100, ipWindowSeconds: 900,
  });
  const tuned = loadConfig({ LOGIN_ACCOUNT_FREE_ATTEMPTS: '3', LOGIN_ACCOUNT_DELAY_SECONDS: '1', LOGIN_IP_ATTEMPTS: '20' }).loginThrottle;
  assert.equal(tuned.accountFreeAttempts, 3);
  assert.equal(tuned.accountBaseDelaySeconds, 1);
  assert.equal(tuned.ipAttempts, 20);
  assert.equal(loadConfig({ LOGIN_IP_ATTEMPTS: '1000000' }).loginThrottle.ipAttempts, 1_000_000);
  assert.throws(() => loadConfig({ LOGIN_ACCOUNT_FREE_ATTEMPTS: '0' }), /LOGIN_ACCOUNT_FREE_ATTEMPTS must be at least 1/);
  assert.throws(() => loadConfig({ LOGIN_IP_WINDOW_SECONDS: '86401' }), /LOGIN_IP_WINDOW_SECONDS must be a whole number 0-86400/);
  assert.throws(() => loadConfig({ LOGIN_IP_WINDOW_SECONDS: 'soon' }), /LOGIN_IP_WINDOW_SECONDS must be a whole number/);
  assert.throws(() => loadConfig({ LOGIN_ACCOUNT_DELAY_SECONDS: '600', LOGIN_ACCOUNT_MAX_DELAY_SECONDS: '60' }),
    /LOGIN_ACCOUNT_MAX_DELAY_SECONDS must be at least LOGIN_ACCOUNT_DELAY_SECONDS/);
});
