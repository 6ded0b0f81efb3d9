import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digestSecret, hasSecret, issueSecret, matchesClientSecret, type SecretDigest } from './client-secrets.ts';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const current = (secret: string): SecretDigest => ({ digest: digestSecret(secret), expiresAt: null });
const until = (secret: string, at: number): SecretDigest => ({ digest: digestSecret(secret), expiresAt: new Date(at) });

test('an issued secret is 256 bits, URL-safe, stored only as its SHA-256', () => {
  const { secret, digest } = issueSecret();
  assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
  assert.match(digest, /^[0-9a-f]{64}$/);
  assert.equal(digest, digestSecret(secret));
  assert.notEqual(issueSecret().secret, secret);
});

test('a secret matches its own digest only', () => {
  const client = { secrets: [current('abc')] };
  assert.equal(matchesClientSecret('abc', client, NOW), true);
  for (const wrong of ['abd', 'abcd', '', 'ABC', digestSecret('abc')]) {
    assert.equal(matchesClientSecret(wrong, client, NOW), false, wrong);
  }
});

test('a rotated secret matches inside its overlap and not after', () => {
  const client = { secrets: [current('new'), until('old', NOW + 1000)] };
  assert.equal(matchesClientSecret('new', client, NOW), true);
  assert.equal(matchesClientSecret('old', client, NOW), true);
  assert.equal(matchesClientSecret('old', client, NOW + 1000), false);
  assert.equal(matchesClientSecret('new', client, NOW + 1000), true);
});

test('a client without secrets, or no client, matches nothing', () => {
  assert.equal(matchesClientSecret('anything', { secrets: [] }, NOW), false);
  assert.equal(matchesClientSecret('anything', undefined, NOW), false);
});

test('a client has a secret while it has a current one', () => {
  assert.equal(hasSecret({ secrets: [current('a')] }), true);
  assert.equal(hasSecret({ secrets: [until('a', NOW)] }), false);
  assert.equal(hasSecret({ secrets: [] }), false);
});
