import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Context } from 'koa';
import { csrfToken, verifyCsrf } from './csrf.ts';

const policy = { keys: ['k'.repeat(32), 'o'.repeat(32)], origin: 'https://auth.example.com' };
const contextWith = (headers: Record<string, string>) => ({ get: (name: string) => headers[name] ?? '' }) as unknown as Context;
const token = csrfToken(policy.keys[0]!, 'interaction:abc');

test('our own form: same origin, or Origin null under no-referrer with Sec-Fetch-Site same-origin', () => {
  verifyCsrf(contextWith({ origin: 'https://auth.example.com', 'sec-fetch-site': 'same-origin' }), policy, 'interaction:abc', token);
  verifyCsrf(contextWith({ origin: 'null', 'sec-fetch-site': 'same-origin' }), policy, 'interaction:abc', token);
  verifyCsrf(contextWith({}), policy, 'interaction:abc', token);
});

test('a token made with an older (rotated) key still verifies', () => {
  verifyCsrf(contextWith({}), policy, 'interaction:abc', csrfToken(policy.keys[1]!, 'interaction:abc'));
});

const foreignPosts: Record<string, string>[] = [
  { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { origin: 'null' },
  { origin: 'null', 'sec-fetch-site': 'cross-site' },
  { origin: 'https://auth.example.com.evil.example' },
];
for (const headers of foreignPosts) {
  test(`a foreign post is refused: ${JSON.stringify(headers)}`, () => {
    assert.throws(() => verifyCsrf(contextWith(headers), policy, 'interaction:abc', token), /another site/);
  });
}

test('a token for another interaction, or none, is refused', () => {
  assert.throws(() => verifyCsrf(contextWith({}), policy, 'interaction:other', token), /token/);
  assert.throws(() => verifyCsrf(contextWith({}), policy, 'interaction:abc', null), /token/);
});
