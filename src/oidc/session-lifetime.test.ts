import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { providerSessionTtl } from './session-lifetime.ts';

const ctx = {} as KoaContextWithOIDC;
const NOW = Date.UTC(2025, 0, 1, 12);
const secondsAgo = (seconds: number) => NOW / 1000 - seconds;

test('a fresh sign-in lasts the idle timeout, renewed by each authorization', () => {
  assert.equal(providerSessionTtl(ctx, { loginTs: secondsAgo(0), iat: secondsAgo(0) }, NOW), 30 * 60);
  assert.equal(providerSessionTtl(ctx, { loginTs: secondsAgo(3 * 3600), iat: secondsAgo(3 * 3600) }, NOW), 30 * 60);
});

test('no session outlives 8 hours after its sign-in, however busy', () => {
  assert.equal(providerSessionTtl(ctx, { loginTs: secondsAgo(8 * 3600 - 600), iat: secondsAgo(9 * 3600) }, NOW), 600);
  assert.equal(providerSessionTtl(ctx, { loginTs: secondsAgo(9 * 3600), iat: secondsAgo(9 * 3600) }, NOW), 1);
});

test('a session without a sign-in counts from its creation', () => {
  assert.equal(providerSessionTtl(ctx, { loginTs: undefined, iat: secondsAgo(8 * 3600 - 60) }, NOW), 60);
});
