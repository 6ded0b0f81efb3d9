import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

// Test vector of the Argon2 reference implementation (src/test.c): proves our PHC strings
// interoperate with other Argon2 libraries.
const REFERENCE_HASH = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

test('hashPassword produces an argon2id PHC string with the OWASP parameters', async () => {
  const stored = await hashPassword('correct horse battery staple');
  assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
});

test('the same password hashes differently each time (random salt)', async () => {
  assert.notEqual(await hashPassword('same password'), await hashPassword('same password'));
});

test('verifyPassword accepts the right password and refuses others', async () => {
  const stored = await hashPassword('s3cret-passphrase');
  assert.equal(await verifyPassword('s3cret-passphrase', stored), true);
  assert.equal(await verifyPassword('s3cret-passphrasE', stored), false);
  assert.equal(await verifyPassword('', stored), false);
});

test('verifyPassword handles non-ASCII passwords', async () => {
  const stored = await hashPassword('Grüße, 世界 🔑');
  assert.equal(await verifyPassword('Grüße, 世界 🔑', stored), true);
  assert.equal(await verifyPassword('Grusse, 世界 🔑', stored), false);
});

test('verifyPassword verifies the reference vector with its own parameters', async () => {
  assert.equal(await verifyPassword('password', REFERENCE_HASH), true);
  assert.equal(await verifyPassword('passwort', REFERENCE_HASH), false);
});

test('verifyPassword refuses stored values it cannot verify', async () => {
  const foreign = [
    '',
    'plaintext',
    '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234', // bcrypt
    '$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
    '$argon2id$v=16$m=19456,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
    '$argon2id$v=19$m=99999999,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
    '$argon2id$v=19$m=19456,t=1000,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
    '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc', // 4-byte salt
  ];
  for (const stored of foreign) {
    await assert.rejects(verifyPassword('password', stored), /password hash/, stored);
  }
});

test('verifyAgainstDummy is always false and costs about as much as a real verification', async () => {
  const stored = await hashPassword('a real password');
  await verifyAgainstDummy('warm-up');
  const real = await timeIt(() => verifyPassword('a wrong password', stored));
  const dummy = await timeIt(() => verifyAgainstDummy('a wrong password'));
  assert.equal(await verifyAgainstDummy('a real password'), false);
  // Loose bound: both run the same Argon2 parameters; only scheduling noise differs, so the
  // fastest of several runs is compared (other test files load the machine meanwhile).
  assert.ok(dummy > real / 3 && dummy < real * 3, `dummy ${dummy}ms vs real ${real}ms`);
});

async function timeIt(work: () => Promise<unknown>): Promise<number> {
  const runs = 5;
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}
