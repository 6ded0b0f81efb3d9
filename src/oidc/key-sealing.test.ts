import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { KeySealError, openSealedJwk, sealPrivateJwk } from './key-sealing.ts';

const key = randomBytes(32);
const jwk = { kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy', d: 'the-private-part' };

test('a sealed key opens with the same key and kid, and shows nothing of the key', () => {
  const sealed = sealPrivateJwk(jwk, 'key_1', key);
  assert.match(sealed, /^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
  assert.ok(!sealed.includes('the-private-part') && !sealed.includes('"d"'));
  assert.deepEqual(openSealedJwk(sealed, 'key_1', key), jwk);
  assert.notEqual(sealPrivateJwk(jwk, 'key_1', key), sealed, 'a fresh IV each time');
});

test('a wrong key, another kid or an altered envelope does not open', () => {
  const sealed = sealPrivateJwk(jwk, 'key_1', key);
  assert.throws(() => openSealedJwk(sealed, 'key_1', randomBytes(32)), KeySealError);
  assert.throws(() => openSealedJwk(sealed, 'key_2', key), KeySealError);
  const [version, iv, ciphertext, tag] = sealed.split('.');
  const flipped = `${ciphertext!.slice(0, -2)}${ciphertext!.endsWith('AA') ? 'AB' : 'AA'}`;
  for (const bad of [`${version}.${iv}.${flipped}.${tag}`, `v2.${iv}.${ciphertext}.${tag}`, `${sealed}.extra`, 'garbage']) {
    assert.throws(() => openSealedJwk(bad, 'key_1', key), KeySealError, bad);
  }
});
